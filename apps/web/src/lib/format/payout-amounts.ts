import { payoutAmountText } from '@ember/contracts/payout-amounts';

// Apart from money.ts: only the developer's and the owner's dashboards (lazy chunks) need it, and
// money.ts is on the landing page's byte budget.

/** A payout in credits and in the euros it is paid in: '1,234 credits (€12.34)'. */
export function payoutAmountLabel(credits: number): string {
  return payoutAmountText(credits);
}
