import { describe, expect, it } from 'vitest';
import { createOrderBody, ordersQuery, productsByNameParams } from './commerce.ts';
import {
  canMoveOrder,
  holdsStock,
  isFinalOrderStatus,
  ORDER_STATUS_TONES,
  ORDER_TRANSITIONS,
} from './order-status.ts';

describe('createOrderBody', () => {
  it('reads only amount, productId and extraInfo: a client total is dropped', () => {
    const parsed = createOrderBody.parse({
      amount: 1000,
      productId: 1,
      extraInfo: ' Zezima ',
      totalPrice: 1,
    });
    expect(parsed).toEqual({ amount: 1000, productId: 1, extraInfo: 'Zezima' });
  });

  it.each([0, -1, 1.5, '10', null])('refuses the amount %j with the spec message', (amount) => {
    expect(createOrderBody.safeParse({ amount, productId: 1 }).error?.issues[0]?.message).toBe(
      'Please enter a valid amount.',
    );
  });
});

describe('ordersQuery', () => {
  it('sorts newest first by default and refuses unknown sort keys', () => {
    expect(ordersQuery.parse({}).sort).toEqual({ key: 'creationDate', order: 'desc' });
    expect(ordersQuery.safeParse({ sort: 'buyer.password,asc' }).success).toBe(false);
  });

  it('filters the orders that need staff', () => {
    expect(ordersQuery.parse({ needsStaff: 'true' }).needsStaff).toBe(true);
    expect(ordersQuery.parse({}).needsStaff).toBeUndefined();
    expect(ordersQuery.safeParse({ needsStaff: 'yes' }).success).toBe(false);
  });

  it('reads the processor in any case and refuses unknown statuses', () => {
    expect(ordersQuery.parse({ paymentProcessor: 'stripe' }).paymentProcessor).toBe('STRIPE');
    expect(ordersQuery.safeParse({ orderStatus: 'shipped' }).success).toBe(false);
  });
});

describe('products page names', () => {
  it('reads a page name in any case', () => {
    expect(productsByNameParams.parse({ name: 'GP' }).name).toBe('gp');
  });
});

describe('order state machine', () => {
  it('leaves disputed only for completed (a won dispute), expired only for a late payment', () => {
    expect(ORDER_TRANSITIONS.disputed).toEqual(['completed']);
    expect(canMoveOrder('completed', 'failed')).toBe(false);
    expect(canMoveOrder('completed', 'disputed')).toBe(true);
    expect(canMoveOrder('expired', 'completed')).toBe(true);
  });

  it('stops polling at final statuses and keeps stock for live and fulfilled orders only', () => {
    expect(isFinalOrderStatus('completed')).toBe(true);
    expect(isFinalOrderStatus('awaiting_payment')).toBe(false);
    expect(holdsStock('processing')).toBe(true);
    expect(holdsStock('expired')).toBe(false);
  });

  it('colours every status per spec §4', () => {
    expect(ORDER_STATUS_TONES).toMatchObject({
      failed: 'danger',
      pending: 'pending',
      completed: 'success',
      expired: 'expired',
    });
  });
});
