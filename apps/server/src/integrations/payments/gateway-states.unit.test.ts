import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { decimalToCents } from '../btcpay/btcpay-gateway.ts';
import { sessionState } from '../stripe/stripe-gateway.ts';

// How the store reads a processor's word about an attempt (issue 24, items 4 and 5).

const session = (fields: Partial<Stripe.Checkout.Session>) =>
  ({
    id: 'cs_test_1',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 950,
    currency: 'eur',
    payment_intent: 'pi_1',
    ...fields,
  }) as Stripe.Checkout.Session;

describe('a Stripe Checkout Session', () => {
  it('is paid only when complete with payment_status paid, and says what it collected', () => {
    expect(sessionState(session({}))).toEqual({
      outcome: 'paid',
      reference: 'pi_1',
      collected: { amount: 950, currency: 'EUR' },
    });
    expect(sessionState(session({ payment_status: 'unpaid' })).outcome).toBe('processing');
    const free = sessionState(session({ payment_status: 'no_payment_required' }));
    expect(free.outcome).toBe('open');
    expect(free.attention).toContain('without a payment');
    expect(sessionState(session({ status: 'open', payment_status: 'unpaid' })).outcome).toBe('open');
    expect(sessionState(session({ status: 'expired', payment_status: 'unpaid' })).outcome).toBe('expired');
  });
});

describe('a BTCPay amount', () => {
  it('reads decimal strings into cents and refuses anything else', () => {
    expect(decimalToCents('9.50')).toBe(950);
    expect(decimalToCents('9.5')).toBe(950);
    expect(decimalToCents('10')).toBe(1_000);
    expect(decimalToCents('0.01')).toBe(1);
    expect(decimalToCents('9.500000')).toBe(950);
    expect(decimalToCents('9.505')).toBeNull();
    expect(decimalToCents('-1')).toBeNull();
    expect(decimalToCents('1e3')).toBeNull();
  });
});
