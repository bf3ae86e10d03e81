import { plans, prices } from '@ember/db/schema/catalog';
import { pluginLinks, plugins, pluginVersions, repositories } from '@ember/db/schema/delivery';
import { makePlan, makePlugin, makePrice, makeRepository } from '@ember/db/seed/factories';
import { expect, test } from '../support/accounts.ts';
import { expectAxeClean, fitsBothWidths } from '../support/axe.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 35: "By {developer}" on a plan page leads to the developer's page: their plans on sale, since
// when they publish and how often their plugins update; a guest's first view is rendered on the server.

const DAY_MS = 86_400_000;

test('a guest follows "by {developer}" to their page: plans, publishing since, update rhythm', async ({
  accountsDatabase,
  newAccount,
  browser,
}) => {
  test.setTimeout(scaled(60_000));
  const developer = await newAccount({ roles: ['CUSTOMER', 'DEVELOPER'] });
  const { db } = accountsDatabase;
  const [plan] = await db
    .insert(plans)
    .values(
      makePlan({
        ownerId: developer.id,
        name: 'Rhythm Fisher',
        createdAt: new Date(Date.now() - 800 * DAY_MS),
      }),
    )
    .returning();
  const [price] = await db
    .insert(prices)
    .values(makePrice({ planId: plan?.id ?? 0 }))
    .returning();
  const [repository] = await db
    .insert(repositories)
    .values(makeRepository({ ownerId: developer.id }))
    .returning();
  const [plugin] = await db
    .insert(plugins)
    .values(makePlugin({ repositoryId: repository?.id ?? 0, name: 'Rhythm Core', version: '1.3.0' }))
    .returning();
  const pluginId = plugin?.id ?? 0;
  await db.insert(pluginLinks).values({ priceId: price?.id ?? 0, pluginId });
  await db.insert(pluginVersions).values(
    [30, 21, 12, 3].map((daysAgo, index) => ({
      pluginId,
      version: `1.${index}.0`,
      artifactSha256: 'b'.repeat(64),
      artifactSize: 10,
      createdAt: new Date(Date.now() - daysAgo * DAY_MS),
    })),
  );

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/shop/${plan?.id}`);
  await page.getByRole('link', { name: developer.displayName }).click();
  await expect(page).toHaveURL(`/shop/developers/${developer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: developer.displayName })).toBeVisible();
  await expect(page.getByTestId('update-rhythm')).toHaveText('Updates about every 9 days');
  await expect(page.getByText('Publishing since')).toBeVisible();
  await expect(page.getByText('2 years ago')).toBeVisible();
  const list = page.getByRole('region', { name: `Plugins by ${developer.displayName}` });
  await expect(list.getByRole('heading', { level: 2, name: 'Rhythm Fisher' })).toBeVisible();
  // Every impact at both widths; between them the widths' fit (a lax second axe pass only cost CPU).
  await expectAxeClean(page, 'developer page at 1280 px');
  await fitsBothWidths(page, 'developer-page');
  await expectAxeClean(page, 'developer page at 1280 px, after 375');
  await page.setViewportSize({ width: 375, height: 900 });
  await expectAxeClean(page, 'developer page at 375 px');

  // A guest's first view comes rendered: the figures are in the HTML before any script runs.
  const html = await (await context.request.get(`/shop/developers/${developer.id}`)).text();
  expect(html).toContain('Updates about every 9 days');
  expect(html).toContain('Rhythm Fisher');
  await context.close();
});

test('an address of no developer says so and leads back to the plugins', async ({ page, newAccount }) => {
  const player = await newAccount();
  await page.goto(`/shop/developers/${player.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Developer not found' })).toBeVisible();
  await expect(page.getByText('No developer with that id has plans in the shop.')).toBeVisible();
  await page.getByRole('link', { name: 'Browse plugins' }).click();
  await expect(page).toHaveURL('/shop');
});
