import type { PaymentProcessor } from '@ember/contracts/enums';
import { againstSystemAccount, type Journal } from './journal.ts';

export interface CreditsOrderFulfilment {
  orderId: number;
  buyerId: number;
  /** Credits the order gives, bonus units included. */
  credits: number;
  processor: PaymentProcessor;
  description: string;
  idempotencyKey?: string;
  at?: Date;
}

/** Credits bought through a processor: the buyer's credits, against what that processor owes. */
export function creditsOrderJournal(order: CreditsOrderFulfilment): Journal {
  return {
    kind: 'ORDER_FULFILMENT',
    reference: { kind: 'ORDER', id: order.orderId },
    description: order.description,
    idempotencyKey: order.idempotencyKey,
    at: order.at,
    postings: againstSystemAccount(
      {
        userId: order.buyerId,
        account: 'CREDITS',
        type: 'ORDER_TOP_UP',
        amount: order.credits,
        description: order.description,
      },
      `CLEARING_${order.processor}`,
    ),
  };
}

export interface OrderReversal {
  orderId: number;
  buyerId: number;
  /** Credits taken back: at most what the order gave and what the buyer still holds (never negative). */
  credits: number;
  processor: PaymentProcessor;
  description: string;
  idempotencyKey?: string;
  at?: Date;
}

/**
 * A disputed or processor-refunded credits order: the credits the buyer still holds go back
 * against the processor's clearing account (the processor took the money back from us).
 */
export function orderReversalJournal(reversal: OrderReversal): Journal {
  return {
    kind: 'ORDER_REVERSAL',
    reference: { kind: 'ORDER', id: reversal.orderId },
    description: reversal.description,
    idempotencyKey: reversal.idempotencyKey,
    at: reversal.at,
    postings: againstSystemAccount(
      {
        userId: reversal.buyerId,
        account: 'CREDITS',
        type: 'ORDER_REVERSAL',
        amount: -reversal.credits,
        description: reversal.description,
      },
      `CLEARING_${reversal.processor}`,
    ),
  };
}
