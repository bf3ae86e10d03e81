import { DEMO_USER_IDS } from '../../demo/demo-accounts.ts';
import {
  accessListEntries,
  type NewAccessListEntry,
  planLabels,
  plans,
  prices,
} from '../../schema/catalog.ts';
import { pluginLinks } from '../../schema/delivery.ts';
import { discountCodes } from '../../schema/discount-codes.ts';
import { COMMUNITY_MEMBERS } from '../data/community.ts';
import { PLAN_SEEDS, type PlanSeed, type PriceSeed } from '../data/plans.ts';
import { makeDiscountCode, makePlan, makePluginLink, makePrice } from '../factories.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays } from '../time.ts';

export async function seedCatalog({ db, now }: SeedContext): Promise<void> {
  await db.insert(plans).values(
    PLAN_SEEDS.map((plan) =>
      makePlan({
        id: plan.id,
        ownerId: plan.ownerId,
        name: plan.name,
        description: planDescription(plan),
        tags: [...plan.tags],
        forumLink: `https://forum.ember.example/threads/${plan.id}-${slug(plan.name)}`,
        hidden: plan.hidden ?? false,
        enabled: plan.enabled ?? true,
        createdAt: addDays(now, -400 + plan.id * 5),
      }),
    ),
  );

  await db
    .insert(planLabels)
    .values(PLAN_SEEDS.flatMap((plan) => plan.labelIds.map((labelId) => ({ planId: plan.id, labelId }))));

  await db
    .insert(prices)
    .values(PLAN_SEEDS.flatMap((plan) => plan.prices.map((price) => priceRow(plan, price, now))));

  await db
    .insert(pluginLinks)
    .values(
      PLAN_SEEDS.flatMap((plan) =>
        plan.prices.flatMap((price) =>
          plan.pluginIds.map((pluginId) =>
            makePluginLink({ priceId: price.id, pluginId, sessionLimit: price.sessionLimit ?? 1 }),
          ),
        ),
      ),
    );

  await db.insert(accessListEntries).values(accessLists());
  await db.insert(discountCodes).values(demoDiscountCodes(now));
}

function priceRow(plan: PlanSeed, price: PriceSeed, now: Date) {
  return makePrice({
    id: price.id,
    planId: plan.id,
    name: price.name,
    description: price.description ?? `${price.name} access to ${plan.name}.`,
    period: price.period,
    price: price.price,
    promoDiscountPercent: price.promoDiscountPercent ?? 0,
    promoExtraDays: price.promoExtraDays ?? 0,
    vipOnly: price.vipOnly ?? false,
    extensionPrice: price.extensionPrice ?? null,
    extensionAllowed: price.extensionPrice !== undefined,
    slots: price.slots ?? null,
    exposeSubCount: price.exposeSubCount ?? false,
    enabled: !price.draft,
    hidden: price.draft === true || price.hidden === true,
    createdAt: addDays(now, -400 + plan.id * 5),
  });
}

function planDescription(plan: PlanSeed): string {
  const sections = [
    `## ${plan.name}`,
    plan.summary,
    `### Features\n${plan.features.map((feature) => `- ${feature}`).join('\n')}`,
  ];
  if (plan.requirements?.length) {
    sections.push(`### Requirements\n${plan.requirements.map((item) => `- ${item}`).join('\n')}`);
  }
  sections.push('Questions? Ask in the **#plugin-support** channel or on the forum thread.');
  return sections.join('\n\n');
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function accessLists(): NewAccessListEntry[] {
  const [firstCommunityMember] = COMMUNITY_MEMBERS;
  if (!firstCommunityMember) throw new Error('community members missing');
  return [
    // Private beta of the hidden plan 12.
    { kind: 'WHITELIST', planId: 12, userId: DEMO_USER_IDS.customer },
    { kind: 'WHITELIST', planId: 12, userId: DEMO_USER_IDS.vip },
    { kind: 'BLACKLIST', planId: 1, userId: DEMO_USER_IDS.banned },
    // A non-VIP allowed to buy the VIP-only price 44.
    { kind: 'WHITELIST', priceId: 44, userId: DEMO_USER_IDS.premium },
    { kind: 'BLACKLIST', priceId: 37, userId: firstCommunityMember.id },
  ];
}

function demoDiscountCodes(now: Date) {
  return [
    makeDiscountCode({ id: 'ROOFTOP25', priceId: 1, discountPercent: 25, validUntil: addDays(now, 60) }),
    // On a promo price, so the plan page offers the code field (spec: only with a final price).
    makeDiscountCode({ id: 'EMBER10', priceId: 2, discountPercent: 10, validUntil: addDays(now, 60) }),
    makeDiscountCode({
      id: 'FIRST5',
      priceId: 1,
      discountPercent: 5,
      maxUses: 5,
      uses: 5,
      validUntil: addDays(now, 30),
    }),
    makeDiscountCode({
      id: 'MINER10',
      priceId: 12,
      discountPercent: 10,
      maxUses: 100,
      uses: 1,
      validUntil: addDays(now, 30),
    }),
    makeDiscountCode({
      id: 'AIO30',
      priceId: 6,
      discountPercent: 30,
      maxUses: 10,
      validUntil: addDays(now, 90),
    }),
    makeDiscountCode({ id: 'SUMMER15', priceId: 37, discountPercent: 15, validUntil: addDays(now, -10) }),
    makeDiscountCode({
      id: 'HUNTER20',
      priceId: 26,
      discountPercent: 20,
      validUntil: addDays(now, 45),
      enabled: false,
    }),
  ];
}
