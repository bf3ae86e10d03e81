import type { PlanPrice } from '@ember/contracts/catalog';
import { creditsCount } from '../../../lib/format/money.ts';

/** Why the server would refuse, worded for the buyer; null when it would not. */
export interface Availability {
  purchase: string | null;
  gift: string | null;
}

export const AVAILABLE: Availability = { purchase: null, gift: null };

/**
 * The refusals the page can foresee before the click (the server still has the last word): too
 * few credits (purchase and gift), a VIP-only price for a non-VIP and a free price already held
 * (purchase only: a gift's receiver is checked by the server). Guests go through login first.
 */
export function availabilityOf(
  price: Pick<PlanPrice, 'id' | 'price' | 'vipOnly'>,
  buyer: { vip: boolean; balance: number } | null,
  { cost, heldPriceIds }: { cost: number; heldPriceIds: ReadonlySet<number> },
): Availability {
  if (!buyer) return AVAILABLE;
  if (buyer.balance < cost) {
    const reason = `Not enough credits: this costs ${creditsCount(cost)} and you have ${creditsCount(buyer.balance)}.`;
    return { purchase: reason, gift: reason };
  }
  if (price.vipOnly && !buyer.vip) return { purchase: 'This option is for VIP members only.', gift: null };
  if (price.price === 0 && heldPriceIds.has(price.id)) {
    return { purchase: 'You already have this free subscription.', gift: null };
  }
  return AVAILABLE;
}
