import { giftSubscriptionToBannedMessage } from '@ember/contracts/identity';
import { Conflict } from '../../lib/errors.ts';
import type { Buyer, ListStanding } from './purchase.repository.ts';

/** Whose eligibility is checked: the caller themself, or the receiver of a gift (named in messages). */
export type Holder = Buyer & { isCaller: boolean };

const isVip = (holder: Buyer, now: Date) => holder.vipUntil !== null && holder.vipUntil > now;

/**
 * May this account hold (buy, receive or extend) a subscription to the price? Blacklists (price or
 * plan) refuse. The whitelist is the price's entries, or else the plan's. A VIP-only price is open
 * to running VIPs and to whoever is on its whitelist (the whitelist admits chosen non-VIPs); any
 * other price with a whitelist is open only to the accounts on it.
 */
export function assertMayHold(
  holder: Holder,
  price: { vipOnly: boolean },
  standing: ListStanding,
  now: Date,
): void {
  const subject = holder.isCaller ? 'You are' : `${holder.username} is`;
  if (!holder.enabled) throw new Conflict(giftSubscriptionToBannedMessage(holder.username));
  if (standing.blacklisted) throw new Conflict(`${subject} blocked from buying this plan.`);
  const hasWhitelist = standing.priceWhitelistSize > 0 || standing.planWhitelistSize > 0;
  const onWhitelist = standing.priceWhitelistSize > 0 ? standing.onPriceWhitelist : standing.onPlanWhitelist;
  if (price.vipOnly) {
    if (!isVip(holder, now) && !onWhitelist) {
      throw new Conflict(
        `This price is for VIP members only, and ${holder.isCaller ? 'you are' : subject} not a VIP.`,
      );
    }
    return;
  }
  if (hasWhitelist && !onWhitelist) throw new Conflict(`${subject} not on the whitelist for this price.`);
}
