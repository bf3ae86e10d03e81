/** What the ledger says about one subscription's money, per account holder. */
export interface SubscriptionMoney {
  /** Credits each payer paid (purchase, gift, extensions) and when they last paid (entry id). */
  payments: { userId: number; paid: number; lastEntryId: number }[];
  /** Credits already refunded to each user. */
  refunds: { userId: number; refunded: number }[];
  /** Earnings each developer got from it, and how much of that was already taken back. */
  earnings: { userId: number; earned: number; reversed: number }[];
}

export const totalPaid = (money: SubscriptionMoney) => money.payments.reduce((sum, p) => sum + p.paid, 0);
export const totalRefunded = (money: SubscriptionMoney) =>
  money.refunds.reduce((sum, r) => sum + r.refunded, 0);
export const refundable = (money: SubscriptionMoney) => totalPaid(money) - totalRefunded(money);

/**
 * Who gets a refund of `amount`: the credits go back to whoever paid them, newest payment first
 * (an extension the subscriber paid before the gift the gifter paid). Never more than each payer
 * paid minus what they already got back.
 */
export function allocateRefund(
  money: SubscriptionMoney,
  amount: number,
): { userId: number; amount: number }[] {
  const refundedTo = new Map(money.refunds.map((r) => [r.userId, r.refunded]));
  const newestFirst = [...money.payments].sort((a, b) => b.lastEntryId - a.lastEntryId);
  const shares: { userId: number; amount: number }[] = [];
  let left = amount;
  for (const payment of newestFirst) {
    const open = payment.paid - (refundedTo.get(payment.userId) ?? 0);
    const share = Math.min(open, left);
    if (share > 0) {
      shares.push({ userId: payment.userId, amount: share });
      left -= share;
    }
  }
  if (left > 0) throw new Error(`Refund of ${amount} exceeds what is refundable`);
  return shares;
}

/**
 * How much earnings each developer gives back for this refund, in proportion to the share of the
 * payments refunded so far (rounded down, so a full refund takes back exactly what was earned).
 */
export function earningsReversal(
  money: SubscriptionMoney,
  amount: number,
): { userId: number; amount: number }[] {
  const paid = totalPaid(money);
  if (paid === 0) return [];
  const refundedAfter = totalRefunded(money) + amount;
  return money.earnings
    .map((e) => ({
      userId: e.userId,
      // BigInt: earned x refunded can pass 2^53 for large amounts; division truncates = floor here.
      amount:
        Math.min(e.earned, Number((BigInt(e.earned) * BigInt(refundedAfter)) / BigInt(paid))) - e.reversed,
    }))
    .filter((reversal) => reversal.amount > 0);
}
