import { balancingPosting, type Journal, type Posting } from './journal.ts';

export interface CreditTransfer {
  sender: { id: number; username: string };
  receiver: { id: number; username: string };
  amount: number;
  idempotencyKey?: string;
  at?: Date;
  whenSenderShort?: (available: number) => Error;
}

/** A credit gift from one user to another: both sides are user accounts, nothing else moves. */
export function creditTransferJournal(transfer: CreditTransfer): Journal {
  return {
    kind: 'CREDIT_TRANSFER',
    reference: { kind: 'USER', id: transfer.receiver.id },
    description: `Credits gifted by ${transfer.sender.username} to ${transfer.receiver.username}`,
    idempotencyKey: transfer.idempotencyKey,
    at: transfer.at,
    postings: [
      {
        userId: transfer.sender.id,
        account: 'CREDITS',
        type: 'CREDIT_TRANSFER_OUT',
        amount: -transfer.amount,
        description: `Credits gifted to ${transfer.receiver.username}`,
        whenInsufficient: transfer.whenSenderShort,
      },
      {
        userId: transfer.receiver.id,
        account: 'CREDITS',
        type: 'CREDIT_TRANSFER_IN',
        amount: transfer.amount,
        description: `Credits gifted by ${transfer.sender.username}`,
      },
    ],
  };
}

export interface AdminAdjustment {
  userId: number;
  account?: 'CREDITS' | 'EARNINGS';
  /** Signed: positive gives, negative takes. */
  amount: number;
  reason: string;
  at?: Date;
  whenShort?: (available: number) => Error;
}

/** A staff correction of a user's credits or earnings, against the books' adjustments account. */
export function adminAdjustmentJournal(adjustment: AdminAdjustment): Journal {
  const postings: Posting[] = [
    {
      userId: adjustment.userId,
      account: adjustment.account ?? 'CREDITS',
      type: 'ADMIN_ADJUSTMENT',
      amount: adjustment.amount,
      description: adjustment.reason,
      whenInsufficient: adjustment.whenShort,
    },
  ];
  return {
    kind: 'ADMIN_ADJUSTMENT',
    reference: { kind: 'USER', id: adjustment.userId },
    description: adjustment.reason,
    at: adjustment.at,
    postings: [
      ...postings,
      ...balancingPosting(postings, 'ADJUSTMENTS', 'ADMIN_ADJUSTMENT', adjustment.reason),
    ],
  };
}
