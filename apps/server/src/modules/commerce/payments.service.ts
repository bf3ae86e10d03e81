import type { OrderResponse } from '@ember/contracts/commerce';
import type { PaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import { createCheckoutAttempts } from './checkout-attempts.ts';
import type { Db } from './db.ts';
import type { Fulfilment } from './fulfilment.ts';
import { createOrderCancel } from './order-cancel.ts';
import { createOrderExpiry } from './order-expiry.ts';
import { createPaymentOutcomes } from './payment-outcomes.ts';
import { createPaymentReversals } from './payment-reversals.ts';
import { createProcessorEvents } from './processor-events.ts';
import { findSandboxAttempt } from './sandbox-attempts.ts';

export interface PaymentsDeps {
  db: Db;
  clock: () => Date;
  gateways: PaymentGateways;
  fulfilment: Fulfilment;
  publicUrl: string;
  orderExpiryMinutes: number;
  /** Answers with the order as it is now. */
  present: (orderId: number) => Promise<OrderResponse>;
  warn: (message: string, details?: object) => void;
}

/**
 * Spec §7 POST payments, the processors' webhooks and the return-page check (decision 0014), put
 * together from their three lifecycles (decision 0045): the buyer's attempts (checkout-attempts,
 * order-cancel), processor events to outcome, money and fulfilment (processor-events,
 * payment-outcomes, payment-reversals), and the expiry of abandoned attempts (order-expiry).
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, gateways, fulfilment, present } = deps;
  const outcomes = createPaymentOutcomes({ db, clock, fulfilment });
  const expiry = createOrderExpiry({ db, gateways, settle: outcomes.settle, warn: deps.warn });
  const attempts = createCheckoutAttempts({
    db,
    clock,
    gateways,
    outcomes,
    expiry,
    publicUrl: deps.publicUrl,
    orderExpiryMinutes: deps.orderExpiryMinutes,
    present,
  });
  return {
    create: attempts.create,
    check: attempts.check,
    cancel: createOrderCancel({ db, expiry, present }),
    handleWebhook: createProcessorEvents({
      db,
      clock,
      gateways,
      outcomes,
      reversals: createPaymentReversals({ db, clock, fulfilment }),
    }),
    /** The expiry sweep (commerce job): closes the processors' checkouts with their orders (issue 24, item 1). */
    expireUnpaid: expiry.sweep,
    /** The sandbox checkout page: the attempt and its order, or null. */
    sandboxAttempt: (providerId: string) => findSandboxAttempt(db, providerId),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
