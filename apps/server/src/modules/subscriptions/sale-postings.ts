import { Invalid } from '../../lib/errors.ts';
import type { LedgerPosting } from '../wallet/wallet.service.ts';
import { developerShare } from './developer-share.ts';

export interface Sale {
  payerId: number;
  planOwnerId: number;
  /** Credits the payer pays; 0 moves nothing. */
  amount: number;
  type: 'PURCHASE' | 'GIFT' | 'EXTENSION';
  /** "Purchase of Plan (Price)", as the payer's history shows it. */
  description: string;
  /** "Sale of Plan (Price)", as the developer's history shows it. */
  saleDescription: string;
  subscriptionId: number;
  developerSharePercent: number;
}

/** The payer's debit and the plan owner's share of it, for one sale of a subscription. */
export function salePostings(sale: Sale): LedgerPosting[] {
  const postings: LedgerPosting[] = [];
  if (sale.amount > 0) {
    postings.push({
      userId: sale.payerId,
      account: 'CREDITS',
      type: sale.type,
      amount: -sale.amount,
      description: sale.description,
      entityId: sale.subscriptionId,
      whenInsufficient: (available) =>
        new Invalid(`Not enough credits: this costs ${sale.amount} credits and you have ${available}.`),
    });
  }
  const share = developerShare(sale.amount, sale.planOwnerId, sale.developerSharePercent);
  if (share > 0) {
    postings.push({
      userId: sale.planOwnerId,
      account: 'EARNINGS',
      type: 'DEVELOPER_EARNING',
      amount: share,
      description: sale.saleDescription,
      entityId: sale.subscriptionId,
    });
  }
  return postings;
}
