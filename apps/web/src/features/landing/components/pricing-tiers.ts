import { FREE_PLAN_ID } from '@ember/contracts/constants';
import { paths } from '../../../config/paths.ts';
import { formatEuroCents } from '../../../lib/format/money.ts';
import { vipPrice } from '../../../lib/format/product-units.ts';

export interface PricingTier {
  name: string;
  price: string;
  priceNote: string;
  summary: string;
  features: readonly string[];
  /** `membersOnly`: the page needs a signed-in visitor, so a guest signs in first and lands on it. */
  cta: { label: string; to: string; membersOnly?: boolean };
  highlighted?: boolean;
  badge?: string;
}

/**
 * The landing page's three tiers (spec §2): Free, VIP and Premium plugins.
 */
export const pricingTiers = (): readonly PricingTier[] => [
  {
    name: 'Free',
    price: formatEuroCents(0),
    priceNote: 'forever',
    summary: 'Everything you need to try the client.',
    features: ['1 client session', 'All free plugins', 'Log in with Discord'],
    cta: { label: 'Start for free', to: paths.plan.getHref(FREE_PLAN_ID) },
  },
  {
    name: 'VIP',
    price: vipPrice().amount,
    priceNote: vipPrice().per,
    summary: 'For players who run more than one account.',
    features: ['Unlimited client sessions', 'VIP-only plugin prices', 'A gem next to your name'],
    cta: { label: 'Purchase VIP', to: paths.vip.getHref(), membersOnly: true },
    highlighted: true,
    badge: 'Most popular',
  },
  {
    name: 'Premium plugins',
    price: 'Price varies',
    priceNote: 'per plugin',
    summary: 'Pay only for the plugins you use.',
    features: ['From six hours to lifetime', 'Pay with credits', 'Gift plugins to friends'],
    cta: { label: 'Browse plugins', to: paths.shop.getHref() },
  },
];
