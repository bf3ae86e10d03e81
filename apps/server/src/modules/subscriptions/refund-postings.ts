import { Conflict } from '../../lib/errors.ts';
import type { LedgerPosting } from '../wallet/wallet.service.ts';
import { allocateRefund, earningsReversal, refundable, type SubscriptionMoney } from './refund-allocation.ts';

/**
 * The ledger movements of refunding `requested` credits (default: the purchase price, capped at
 * what is left): credits back to whoever paid, and the developer's share taken back in proportion,
 * refused rather than overdrawing the developer's earnings.
 */
export function refundPostings(
  money: SubscriptionMoney,
  refund: { requested: number | undefined; purchasePrice: number; subscriptionId: number; what: string },
): LedgerPosting[] {
  const left = refundable(money);
  const amount = refund.requested ?? Math.min(refund.purchasePrice, left);
  if (left <= 0 || amount <= 0) throw new Conflict('Nothing is left to refund on this subscription.');
  if (amount > left) throw new Conflict(`You can refund at most ${left} credits on this subscription.`);
  return [
    ...allocateRefund(money, amount).map(
      (share): LedgerPosting => ({
        userId: share.userId,
        account: 'CREDITS',
        type: 'REFUND',
        amount: share.amount,
        description: `Refund of ${refund.what}`,
        entityId: refund.subscriptionId,
      }),
    ),
    ...earningsReversal(money, amount).map(
      (reversal): LedgerPosting => ({
        userId: reversal.userId,
        account: 'EARNINGS',
        type: 'DEVELOPER_EARNING_REVERSAL',
        amount: -reversal.amount,
        description: `Refunded sale of ${refund.what}`,
        entityId: refund.subscriptionId,
        whenInsufficient: (available) =>
          new Conflict(
            `The refund needs ${reversal.amount} credits of the developer's earnings back, but only ${available} are left (paid out or reserved). It cannot be made now.`,
          ),
      }),
    ),
  ];
}
