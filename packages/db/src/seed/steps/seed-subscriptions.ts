import { PAUSE_DAYS } from '@ember/contracts/constants';
import { DEFAULT_DEVELOPER_SHARE_PERCENT, developerShare } from '@ember/contracts/developer-share';
import { addPeriod, expiryOfPurchase } from '@ember/contracts/periods';
import { chargeFor } from '@ember/contracts/subscriptions';
import { and, eq } from 'drizzle-orm';
import type { SubscriptionMoney } from '../../books/refund-allocation.ts';
import { refundJournal, saleJournal } from '../../books/subscription-journals.ts';
import { DEMO_USER_IDS } from '../../demo/demo-accounts.ts';
import { pluginLinks } from '../../schema/delivery.ts';
import { disabledPluginLinks, type NewSubscription, subscriptions } from '../../schema/subscriptions.ts';
import { COMMUNITY_MEMBERS, COMMUNITY_OPENING_CREDITS, communityMemberAgeDays } from '../data/community.ts';
import { FREE_PRICE_ID } from '../data/plans.ts';
import { SUBSCRIPTION_STORIES, type SubscriptionStory } from '../data/subscription-stories.ts';
import { makeSubscription } from '../factories.ts';
import { findPrice, priceTerms } from '../find-price.ts';
import type { LedgerBook } from '../ledger-book.ts';
import { createPrng } from '../prng.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays } from '../time.ts';

/** Prices community members pick from; repeats make popular plans show up more in statistics. */
const COMMUNITY_PRICE_POOL = [
  1, 1, 1, 2, 4, 6, 6, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 21, 22, 23, 24, 25, 26, 27, 31, 32, 33, 34, 35,
  36, 37, 37, 37, 38, 39, 39, 40, 41, 42, 45, 46, 48, 49,
];

export async function seedSubscriptions({ db, now, ledger }: SeedContext): Promise<void> {
  const stories = [...SUBSCRIPTION_STORIES, ...communityStories()];
  const rows = stories.map((story, index) => subscriptionFromStory(index + 1, story, now, ledger));
  await db.insert(subscriptions).values(rows);

  // The VIP switched off the cook (plugin 7) of their lifetime AIO bundle (price 8).
  const vipLifetime = rows.find((row) => row.userId === DEMO_USER_IDS.vip && row.priceId === 8);
  const [cookLink] = await db
    .select({ id: pluginLinks.id })
    .from(pluginLinks)
    .where(and(eq(pluginLinks.priceId, 8), eq(pluginLinks.pluginId, 7)));
  if (!vipLifetime?.id || !cookLink) throw new Error('Demo data lost the VIP lifetime subscription');
  await db
    .insert(disabledPluginLinks)
    .values({ subscriptionId: vipLifetime.id, pluginLinkId: cookLink.id, createdAt: addDays(now, -30) });
}

/** Two to four purchases per community member over the past year, within their credits. */
function communityStories(): SubscriptionStory[] {
  const prng = createPrng(20_240_611);
  const spent = new Map<number, number>();
  for (const story of SUBSCRIPTION_STORIES) {
    spent.set(
      story.userId,
      (spent.get(story.userId) ?? 0) + chargeFor(priceTerms(findPrice(story.priceId).price)),
    );
  }
  return COMMUNITY_MEMBERS.flatMap((member, index) => {
    const stories: SubscriptionStory[] = [
      { userId: member.id, priceId: FREE_PRICE_ID, purchasedDaysAgo: communityMemberAgeDays(index) - 1 },
    ];
    const purchases = prng.int(2, 4);
    for (let i = 0; i < purchases; i++) {
      const priceId = prng.pick(COMMUNITY_PRICE_POOL);
      const cost = chargeFor(priceTerms(findPrice(priceId).price));
      const purchasedDaysAgo = prng.int(1, communityMemberAgeDays(index) - 2);
      if ((spent.get(member.id) ?? 0) + cost > COMMUNITY_OPENING_CREDITS) continue;
      spent.set(member.id, (spent.get(member.id) ?? 0) + cost);
      stories.push({ userId: member.id, priceId, purchasedDaysAgo });
    }
    return stories;
  });
}

function subscriptionFromStory(
  id: number,
  story: SubscriptionStory,
  now: Date,
  ledger: LedgerBook,
): NewSubscription {
  const { plan, price } = findPrice(story.priceId);
  const purchaseDate = addDays(now, -story.purchasedDaysAgo);
  let expireDate = expiryOfPurchase(purchaseDate, price.period, price.promoExtraDays ?? 0);
  const payerId = story.giftedById ?? story.userId;
  const what = `${plan.name} (${price.name})`;

  const paid = chargeFor(priceTerms(price), story.discountCode?.percent);
  const sale = {
    payerId,
    planOwnerId: plan.ownerId,
    subscriptionId: id,
    developerSharePercent: DEFAULT_DEVELOPER_SHARE_PERCENT,
  };
  ledger.post({
    ...saleJournal({
      ...sale,
      kind: story.giftedById ? 'SUBSCRIPTION_GIFT' : 'SUBSCRIPTION_PURCHASE',
      amount: paid,
      description: story.giftedById ? `Gift of ${what}` : `Purchase of ${what}`,
      saleDescription: `Sale of ${what}`,
    }),
    at: purchaseDate,
  });
  const money: SubscriptionMoney = {
    payments: [{ userId: payerId, paid, lastEntryId: 0 }],
    refunds: [],
    earnings: [
      {
        userId: plan.ownerId,
        earned: developerShare(paid, plan.ownerId, DEFAULT_DEVELOPER_SHARE_PERCENT),
        reversed: 0,
      },
    ],
  };

  if (story.extendedDaysAgo !== undefined && expireDate) {
    const extendedAt = addDays(now, -story.extendedDaysAgo);
    const extensionPrice = price.extensionPrice ?? price.price;
    expireDate = addPeriod(expireDate, price.period) ?? expireDate;
    ledger.post({
      ...saleJournal({
        ...sale,
        payerId: story.userId,
        kind: 'SUBSCRIPTION_EXTENSION',
        amount: extensionPrice,
        description: `Extension of ${what}`,
        saleDescription: `Extension sale of ${what}`,
      }),
      at: extendedAt,
    });
  }

  if (story.resumedAfterPauseDays !== undefined && expireDate) {
    expireDate = addDays(expireDate, story.resumedAfterPauseDays);
  }

  if (story.refundedDaysAgo !== undefined) {
    const refundedAt = addDays(now, -story.refundedDaysAgo);
    expireDate = refundedAt;
    ledger.post({ ...refundJournal(money, { amount: paid, subscriptionId: id, what }), at: refundedAt });
  }

  const paused = story.pausedDaysAgo !== undefined;
  const resumed = story.resumedAfterPauseDays !== undefined;
  return makeSubscription({
    id,
    userId: story.userId,
    planId: plan.id,
    priceId: price.id,
    purchaseDate,
    startDate: purchaseDate,
    expireDate,
    purchasePrice: paid,
    paused,
    pauseDate: pauseDateOf(story, now),
    pauseDays: paused || resumed ? PAUSE_DAYS : null,
    pauseUsed: paused || resumed,
    extended: story.extendedDaysAgo !== undefined,
    discountCodeId: story.discountCode?.id ?? null,
    giftedById: story.giftedById ?? null,
    createdAt: purchaseDate,
  });
}

function pauseDateOf(story: SubscriptionStory, now: Date): Date | null {
  if (story.pausedDaysAgo !== undefined) return addDays(now, -story.pausedDaysAgo);
  // A resumed subscription keeps the date its single pause started.
  if (story.resumedAfterPauseDays !== undefined) return addDays(now, -story.purchasedDaysAgo + 5);
  return null;
}
