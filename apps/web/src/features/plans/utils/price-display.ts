import type { PriceResponse, SlotState, SubCount } from '@ember/contracts/catalog';
import { slotState } from '@ember/contracts/catalog';
import { chargeFor } from '@ember/contracts/subscriptions';
import { formatCredits } from '../../../lib/format/money.ts';

/**
 * What the buyer is expected to pay (display only: the server computes the charge): the promo,
 * then a discount code's percent when it is known, with the server's own rounding.
 */
export function expectedCharge(
  price: Pick<PriceResponse, 'price' | 'promoDiscountPercent'>,
  discountCodePercent = 0,
): number {
  return chargeFor(price, discountCodePercent);
}

export interface SlotDisplay {
  state: SlotState;
  /** What the option card says; null when there is nothing to say (no slots). */
  text: string | null;
  /** 0..1 when the numbers are public. */
  occupancy: number | null;
}

/**
 * Spec §4 slot states. Without a sub count (still loading or not answered) a price with slots is
 * shown as 'Limited slots' and stays selectable: the server has the last word.
 */
export function slotDisplay(
  price: Pick<PriceResponse, 'slots'>,
  subCount: SubCount | undefined,
): SlotDisplay {
  const state = subCount ? slotState(subCount) : price.slots === null ? 'none' : 'hidden';
  switch (state) {
    case 'none':
      return { state, text: null, occupancy: null };
    case 'full':
      return { state, text: 'Sold out', occupancy: 1 };
    case 'hidden':
      return { state, text: 'Limited slots', occupancy: null };
    case 'visible': {
      const slots = subCount?.slots ?? price.slots ?? 0;
      const taken = subCount?.subCount ?? 0;
      return {
        state,
        text: `${formatCredits(taken)} of ${formatCredits(slots)} slots taken`,
        occupancy: subCount?.occupancy ?? (slots > 0 ? taken / slots : null),
      };
    }
  }
}
