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
