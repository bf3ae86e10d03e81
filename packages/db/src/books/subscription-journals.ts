import { developerShare } from '@ember/contracts/developer-share';
import type { LedgerEntryType } from '@ember/contracts/enums';
import { balancingPosting, type Journal, type Posting } from './journal.ts';
import { allocateRefund, earningsReversal, type SubscriptionMoney } from './refund-allocation.ts';

export type SaleKind = 'SUBSCRIPTION_PURCHASE' | 'SUBSCRIPTION_GIFT' | 'SUBSCRIPTION_EXTENSION';

const PAYER_ENTRY_TYPE: Record<SaleKind, LedgerEntryType> = {
  SUBSCRIPTION_PURCHASE: 'PURCHASE',
  SUBSCRIPTION_GIFT: 'GIFT',
  SUBSCRIPTION_EXTENSION: 'EXTENSION',
};

export interface Sale {
  kind: SaleKind;
  payerId: number;
  planOwnerId: number;
  /** Credits the payer pays; 0 moves nothing. */
  amount: number;
  /** "Purchase of Plan (Price)", as the payer's history shows it. */
  description: string;
  /** "Sale of Plan (Price)", as the developer's history shows it. */
  saleDescription: string;
  subscriptionId: number;
  developerSharePercent: number;
  at?: Date;
  /** The refusal when the payer's credits do not cover the price. */
  whenPayerShort?: (available: number) => Error;
}

/** One sale of a subscription: the payer's credits, the plan owner's share, the platform's share. */
export function saleJournal(sale: Sale): Journal {
  const share = developerShare(sale.amount, sale.planOwnerId, sale.developerSharePercent);
  const postings: Posting[] = [
    {
      userId: sale.payerId,
      account: 'CREDITS',
      type: PAYER_ENTRY_TYPE[sale.kind],
      amount: -sale.amount,
      description: sale.description,
      whenInsufficient: sale.whenPayerShort,
    },
    {
      userId: sale.planOwnerId,
      account: 'EARNINGS',
      type: 'DEVELOPER_EARNING',
      amount: share,
      description: sale.saleDescription,
    },
  ];
  return {
    kind: sale.kind,
    reference: { kind: 'SUBSCRIPTION', id: sale.subscriptionId },
    description: sale.description,
    at: sale.at,
    postings: [
      ...postings,
      ...balancingPosting(
        postings,
        'PLATFORM_REVENUE',
        'PLATFORM_SHARE',
        `Platform share: ${sale.saleDescription}`,
      ),
    ],
  };
}

export interface Refund {
  /** Credits given back; the caller has checked it against what is refundable. */
  amount: number;
  subscriptionId: number;
  /** "Plan (Price)". */
  what: string;
  at?: Date;
  /** The refusal when a developer's earnings cannot cover their share of the refund. */
  whenDeveloperShort?: (needed: number, available: number) => Error;
}

/**
 * A refund of a subscription: credits back to whoever paid them, each developer's share taken back
 * in proportion, and the platform's share reversed.
 */
export function refundJournal(money: SubscriptionMoney, refund: Refund): Journal {
  const developerShort = refund.whenDeveloperShort;
  const postings: Posting[] = [
    ...allocateRefund(money, refund.amount).map(
      (share): Posting => ({
        userId: share.userId,
        account: 'CREDITS',
        type: 'REFUND',
        amount: share.amount,
        description: `Refund of ${refund.what}`,
      }),
    ),
    ...earningsReversal(money, refund.amount).map(
      (reversal): Posting => ({
        userId: reversal.userId,
        account: 'EARNINGS',
        type: 'DEVELOPER_EARNING_REVERSAL',
        amount: -reversal.amount,
        description: `Refunded sale of ${refund.what}`,
        whenInsufficient: developerShort && ((available) => developerShort(reversal.amount, available)),
      }),
    ),
  ];
  return {
    kind: 'SUBSCRIPTION_REFUND',
    reference: { kind: 'SUBSCRIPTION', id: refund.subscriptionId },
    description: `Refund of ${refund.what}`,
    at: refund.at,
    postings: [
      ...postings,
      ...balancingPosting(
        postings,
        'PLATFORM_REVENUE',
        'PLATFORM_SHARE_REVERSAL',
        `Platform share refunded: ${refund.what}`,
      ),
    ],
  };
}
