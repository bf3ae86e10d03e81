import type { PaymentProcessor } from '@ember/contracts/enums';
import { balancingPosting, type Journal, type Posting } from './journal.ts';

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
  const postings: Posting[] = [
    {
      userId: order.buyerId,
      account: 'CREDITS',
      type: 'ORDER_TOP_UP',
      amount: order.credits,
      description: order.description,
    },
  ];
  return {
    kind: 'ORDER_FULFILMENT',
    reference: { kind: 'ORDER', id: order.orderId },
    description: order.description,
    idempotencyKey: order.idempotencyKey,
    at: order.at,
    postings: [
      ...postings,
      ...balancingPosting(postings, `CLEARING_${order.processor}`, 'ORDER_TOP_UP', order.description),
    ],
  };
}
