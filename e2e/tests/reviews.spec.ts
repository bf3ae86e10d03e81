import { randomUUID } from 'node:crypto';
import { REVIEW_NEVER_RAN_MESSAGE } from '@ember/contracts/reviews';
import { plans, prices } from '@ember/db/schema/catalog';
import { pluginLinks, plugins } from '@ember/db/schema/delivery';
import { planReviews } from '@ember/db/schema/reviews';
import { sessionLogs } from '@ember/db/schema/sessions';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import { PLAN_SEEDS } from '@ember/db/seed/data/plans';
import { makeSessionLog, makeSubscription } from '@ember/db/seed/factories';
import { expect, test } from '../support/accounts.ts';
import { shootAtBothWidths } from '../support/axe.ts';
import { signedInPage } from '../support/stored-sessions.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 35: reviews from players who ran the plugin. Each player is a fresh account given a
// subscription (and, for the one who reviews, a game-client session of the plan's plugin) in the
// run's database; the developer answers a review the demo seed wrote on one of their plans.

const HOUR_MS = 3_600_000;

test.describe.configure({ timeout: scaled(60_000) });

test('a player who ran a plugin reviews it and sees Verified; one who never ran it is told why', async ({
  signedInAccount,
  accountsDatabase,
}) => {
  const { db } = accountsDatabase;
  // The seed's last plan on sale with a listed price that includes a plugin (a few dozen rows: read whole).
  const [allPlans, allPrices, links, allPlugins] = await Promise.all([
    db.select().from(plans),
    db.select().from(prices),
    db.select().from(pluginLinks),
    db.select().from(plugins),
  ]);
  // Only the seed's plans: a plan another test makes meanwhile (developer.spec.ts sells one with a
  // plugin) is the newest and would get these subscriptions in its counts.
  const seeded = new Set(PLAN_SEEDS.map((plan) => plan.id));
  const onSale = new Set(
    allPlans.filter((plan) => plan.onSale && seeded.has(plan.id)).map((plan) => plan.id),
  );
  const candidates = links.flatMap((link) => {
    const price = allPrices.find((row) => row.id === link.priceId);
    const plugin = allPlugins.find((row) => row.id === link.pluginId);
    if (!price || !plugin || !price.enabled || price.hidden || !onSale.has(price.planId)) return [];
    return [{ plan_id: price.planId, price_id: price.id, plugin_id: plugin.id, plugin_name: plugin.name }];
  });
  const target = candidates.sort((a, b) => b.plan_id - a.plan_id)[0];
  if (!target) throw new Error('the seed has no plan with a plugin');
  // Signed in before their subscriptions exist; their first page is loaded after.
  const player = await signedInAccount({}, {}, null);
  const idle = await signedInAccount({}, {}, null);
  await idle.page.setViewportSize({ width: 375, height: 812 });
  for (const account of [player, idle]) {
    await db
      .insert(subscriptions)
      .values(makeSubscription({ userId: account.id, planId: target.plan_id, priceId: target.price_id }));
  }
  const lastUpdate = new Date();
  await db.insert(sessionLogs).values(
    makeSessionLog({
      userId: player.id,
      sessionId: randomUUID(),
      pluginId: target.plugin_id,
      pluginName: target.plugin_name,
      startedAt: new Date(lastUpdate.getTime() - 14.5 * HOUR_MS),
      lastUpdate,
    }),
  );

  // Never ran it: told why, at 375 px.
  await idle.page.goto(`/shop/${target.plan_id}`);
  await expect(idle.page.getByTestId('review-refusal')).toHaveText(REVIEW_NEVER_RAN_MESSAGE);
  await shootAtBothWidths(idle.page, 'review-refused');

  // Ran it for 14 hours: rates it and sees the badge on their review.
  const { page } = player;
  await page.goto(`/shop/${target.plan_id}`);
  const form = page.getByRole('form', { name: 'Write a review' });
  await expect(form.getByText('Verified: ran it for 14 hours')).toBeVisible();
  await form.getByLabel('Your rating').selectOption('4');
  await form.getByLabel('Your review').fill('Ran it through a whole weekend without a hitch.');
  await form.getByRole('button', { name: 'Publish review' }).click();
  const reviews = page.getByRole('list', { name: 'Reviews' });
  const mine = reviews.getByRole('article', { name: `Review by ${player.displayName}` });
  await expect(mine.getByTestId('review-verified')).toContainText('Verified: ran it for 14 hours');
  await expect(mine).toContainText('Ran it through a whole weekend without a hitch.');
  await expect(page.getByRole('button', { name: 'Edit your review' })).toBeVisible();
  await shootAtBothWidths(page, 'review-written');
});

test('the developer answers a review of their plan', async ({ browser, accountsDatabase }) => {
  const { db } = accountsDatabase;
  const [reviews, allPlans, accounts] = await Promise.all([
    db.select().from(planReviews),
    db.select().from(plans),
    db.select({ id: users.id, username: users.username }).from(users),
  ]);
  const ownerId = accounts.find((account) => account.username === 'owner')?.id;
  const review = reviews
    .filter((row) => row.answer === null && row.hiddenAt === null)
    .map((row) => ({ id: row.id, plan_id: row.planId }))
    .find((row) => allPlans.find((plan) => plan.id === row.plan_id)?.ownerId === ownerId);
  if (!review) throw new Error('the seed has no review of a plan of the owner account');
  const page = await signedInPage(browser, 'owner', `/shop/${review.plan_id}`);
  const list = page.getByRole('list', { name: 'Reviews' });
  await list.getByRole('button', { name: 'Answer' }).first().click();
  const form = page.getByRole('form', { name: 'Answer the review' });
  await form.getByLabel('Your answer').fill('Thank you! The next version adds the setting you asked for.');
  await form.getByRole('button', { name: 'Publish answer' }).click();
  await expect(list.getByText('Answer from the developer')).toBeVisible();
  await expect(list).toContainText('The next version adds the setting you asked for.');
  await shootAtBothWidths(page, 'review-answered');
  await page.context().close();
});

test('the shop shows ratings on the cards and sorts by rating', async ({ page }) => {
  await page.goto('/shop?sort=rating');
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  const cards = page.getByRole('list', { name: 'Plugins' }).getByRole('article');
  await expect(cards.first().getByTestId('plan-rating')).toContainText(
    /Rated \d\.\d out of 5 from \d+ reviews?/,
  );
  await expect(cards.last().getByTestId('plan-rating')).toHaveText('No reviews yet');
  await shootAtBothWidths(page, 'shop-top-rated');
});
