import type { Journal } from './journal.ts';

export interface PayoutMovement {
  payoutId: number;
  developerId: number;
  amount: number;
  at?: Date;
  whenShort?: (available: number) => Error;
}

/** A requested payout reserves the amount: out of the developer's earnings, into payouts in flight. */
export function payoutReservationJournal(payout: PayoutMovement): Journal {
  const description = `Payout #${payout.payoutId} requested`;
  return {
    kind: 'PAYOUT_RESERVATION',
    reference: { kind: 'PAYOUT', id: payout.payoutId },
    description,
    at: payout.at,
    postings: [
      {
        userId: payout.developerId,
        account: 'EARNINGS',
        type: 'PAYOUT_RESERVATION',
        amount: -payout.amount,
        description,
        whenInsufficient: payout.whenShort,
      },
      { system: 'PAYOUTS_IN_FLIGHT', type: 'PAYOUT_RESERVATION', amount: payout.amount, description },
    ],
  };
}

/** A completed payout leaves the books: from payouts in flight to payouts paid. */
export function payoutSettlementJournal(payout: PayoutMovement): Journal {
  const description = `Payout #${payout.payoutId} paid`;
  return {
    kind: 'PAYOUT_SETTLEMENT',
    reference: { kind: 'PAYOUT', id: payout.payoutId },
    description,
    at: payout.at,
    postings: [
      { system: 'PAYOUTS_IN_FLIGHT', type: 'PAYOUT_SETTLEMENT', amount: -payout.amount, description },
      { system: 'PAYOUTS_PAID', type: 'PAYOUT_SETTLEMENT', amount: payout.amount, description },
    ],
  };
}
