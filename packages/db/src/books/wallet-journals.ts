import { againstSystemAccount, type Journal } from './journal.ts';

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

export interface AccountTransfer {
  source: { id: number; username: string };
  target: { id: number; username: string };
  /** The source's whole spendable credits and developer earnings, moved as they are (0 moves nothing). */
  credits: number;
  earnings: number;
  at?: Date;
}

/**
 * An admin's account transfer (spec §5): the source account's credits and earnings move to the
 * target in one journal, user account to user account (no system account is involved). Zero
 * amounts are dropped, so a transfer of an empty wallet records no journal at all.
 */
export function accountTransferJournal(transfer: AccountTransfer): Journal {
  const { source, target } = transfer;
  const moves = (account: 'CREDITS' | 'EARNINGS', amount: number) => [
    {
      userId: source.id,
      account,
      type: 'ACCOUNT_TRANSFER_OUT' as const,
      amount: -amount,
      description: `Account transferred to ${target.username} (#${target.id})`,
    },
    {
      userId: target.id,
      account,
      type: 'ACCOUNT_TRANSFER_IN' as const,
      amount,
      description: `Account transferred from ${source.username} (#${source.id})`,
    },
  ];
  return {
    kind: 'ACCOUNT_TRANSFER',
    reference: { kind: 'USER', id: source.id },
    description: `Account of ${source.username} (#${source.id}) transferred to ${target.username} (#${target.id})`,
    at: transfer.at,
    postings: [...moves('CREDITS', transfer.credits), ...moves('EARNINGS', transfer.earnings)],
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
  return {
    kind: 'ADMIN_ADJUSTMENT',
    reference: { kind: 'USER', id: adjustment.userId },
    description: adjustment.reason,
    at: adjustment.at,
    postings: againstSystemAccount(
      {
        userId: adjustment.userId,
        account: adjustment.account ?? 'CREDITS',
        type: 'ADMIN_ADJUSTMENT',
        amount: adjustment.amount,
        description: adjustment.reason,
        whenInsufficient: adjustment.whenShort,
      },
      'ADJUSTMENTS',
    ),
  };
}

/** Money brought over from the previous store (or granted by a test), against the opening-balances account. */
export function openingBalanceJournal(opening: {
  userId: number;
  account: 'CREDITS' | 'EARNINGS';
  amount: number;
  description: string;
  at?: Date;
}): Journal {
  return {
    kind: 'OPENING_BALANCE',
    reference: { kind: 'USER', id: opening.userId },
    description: opening.description,
    at: opening.at,
    postings: againstSystemAccount(
      {
        userId: opening.userId,
        account: opening.account,
        type: 'SEED',
        amount: opening.amount,
        description: opening.description,
      },
      'OPENING_BALANCES',
    ),
  };
}
