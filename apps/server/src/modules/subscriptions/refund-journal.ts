import { formatCredits } from '@ember/contracts/format';
import { refundable, type SubscriptionMoney } from '@ember/db/books/refund-allocation';
import { refundJournal } from '@ember/db/books/subscription-journals';
import { Conflict } from '../../lib/errors.ts';

/**
 * The journal of refunding `requested` credits (default: the purchase price, capped at what is
 * left): credits back to whoever paid, the developer's share taken back in proportion (refused
 * rather than overdrawing their earnings) and the platform's share reversed.
 */
export function refundOf(
  money: SubscriptionMoney,
  refund: { requested: number | undefined; purchasePrice: number; subscriptionId: number; what: string },
) {
  const left = refundable(money);
  const amount = refund.requested ?? Math.min(refund.purchasePrice, left);
  if (left <= 0 || amount <= 0) throw new Conflict('Nothing is left to refund on this subscription.');
  if (amount > left)
    throw new Conflict(`You can refund at most ${formatCredits(left)} credits on this subscription.`);
  return refundJournal(money, {
    amount,
    subscriptionId: refund.subscriptionId,
    what: refund.what,
    whenDeveloperShort: (needed, available) =>
      new Conflict(
        `The refund needs ${formatCredits(needed)} credits of the developer's earnings back, but only ${formatCredits(available)} are left (paid out or reserved). It cannot be made now.`,
      ),
  });
}
