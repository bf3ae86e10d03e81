import { type NewPlan, type NewPrice, planLabels, plans, prices } from '@ember/db/schema/catalog';
import { pluginLinks, plugins, repositories } from '@ember/db/schema/delivery';
import { type NewSubscription, subscriptions } from '@ember/db/schema/subscriptions';
import { type NewUser, users } from '@ember/db/schema/users';
import {
  makePlan,
  makePlugin,
  makePluginLink,
  makePrice,
  makeRepository,
  makeSubscription,
  makeUser,
} from '@ember/db/seed/factories';
import type { TestContext } from '../../testing/test-app.ts';

// Test data builders for the catalog tests: each inserts rows straight into the test database so
// a test states exactly the catalog it needs, independent of the demo data.

const DAY_MS = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

export async function givenUser(ctx: TestContext, overrides: Partial<NewUser> = {}) {
  const [user] = await ctx.database.db.insert(users).values(makeUser(overrides)).returning();
  if (!user) throw new Error('no user inserted');
  return user;
}

export async function givenPlan(
  ctx: TestContext,
  overrides: Partial<NewPlan> & Pick<NewPlan, 'ownerId'>,
  labelIds: number[] = [],
) {
  const [plan] = await ctx.database.db.insert(plans).values(makePlan(overrides)).returning();
  if (!plan) throw new Error('no plan inserted');
  if (labelIds.length > 0) {
    await ctx.database.db
      .insert(planLabels)
      .values(labelIds.map((labelId) => ({ planId: plan.id, labelId })));
  }
  return plan;
}

/** A plan on sale (decision 0031): the plan and one buyable price of it (enabled, shown, 1,000 credits). */
export async function givenPlanOnSale(
  ctx: TestContext,
  overrides: Partial<NewPlan> & Pick<NewPlan, 'ownerId'>,
  labelIds: number[] = [],
) {
  const plan = await givenPlan(ctx, overrides, labelIds);
  await givenPrice(ctx, { planId: plan.id, price: 1000, enabled: true, hidden: false });
  return plan;
}

/** A live price (enabled and shown) unless overridden. */
export async function givenPrice(ctx: TestContext, overrides: Partial<NewPrice> & Pick<NewPrice, 'planId'>) {
  const [price] = await ctx.database.db.insert(prices).values(makePrice(overrides)).returning();
  if (!price) throw new Error('no price inserted');
  return price;
}

/** Subscriptions of fresh customers to a price (30 days from now unless overridden). */
export async function givenSubscriptions(
  ctx: TestContext,
  price: { id: number; planId: number },
  rows: Partial<NewSubscription>[],
) {
  const values = [];
  for (const row of rows) {
    const user = await givenUser(ctx);
    values.push(makeSubscription({ userId: user.id, planId: price.planId, priceId: price.id, ...row }));
  }
  return ctx.database.db.insert(subscriptions).values(values).returning();
}

export async function givenPluginOnPrice(
  ctx: TestContext,
  price: { id: number; ownerId: number },
  plugin: { name: string; description: string; sessionLimit: number },
) {
  const [repository] = await ctx.database.db
    .insert(repositories)
    .values(makeRepository({ ownerId: price.ownerId }))
    .returning();
  if (!repository) throw new Error('no repository inserted');
  const [row] = await ctx.database.db
    .insert(plugins)
    .values(makePlugin({ repositoryId: repository.id, name: plugin.name, description: plugin.description }))
    .returning();
  if (!row) throw new Error('no plugin inserted');
  await ctx.database.db
    .insert(pluginLinks)
    .values(makePluginLink({ priceId: price.id, pluginId: row.id, sessionLimit: plugin.sessionLimit }));
  return row;
}
