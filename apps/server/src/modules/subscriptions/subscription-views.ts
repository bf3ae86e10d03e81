import {
  isSubscriptionExpired,
  type SubscriptionResponse,
  subscriptionStatus,
} from '@ember/contracts/subscriptions';
import type { SubscriptionViewRow } from './subscription-views.repository.ts';

/** Spec §3 Subscription as the API answers it; `expired` and `status` are computed at `now`. */
export function toSubscriptionResponse(row: SubscriptionViewRow, now: Date): SubscriptionResponse {
  return {
    id: row.id,
    planId: row.plan.id,
    planName: row.plan.name,
    priceId: row.price.id,
    priceName: row.price.name,
    purchaseDate: row.purchaseDate.toISOString(),
    startDate: row.startDate.toISOString(),
    expireDate: row.expireDate?.toISOString() ?? null,
    purchasePrice: row.purchasePrice,
    refunded: row.refunded,
    discountCode: row.discountCode,
    paused: row.paused,
    pauseDate: row.pauseDate?.toISOString() ?? null,
    pauseDuration: row.pauseDays,
    pauseUsed: row.pauseUsed,
    expired: isSubscriptionExpired(row, now),
    extended: row.extended,
    extensionPrice: row.price.extensionPrice,
    extensionAllowed: row.price.extensionAllowed,
    subscriptionPeriod: row.price.period,
    status: subscriptionStatus(row, now),
    user: row.user,
    giftedBy: row.gifter,
    plan: row.plan,
    price: row.price,
  };
}
