import { test as base, expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, settle } from '../support/axe.ts';
import { waitForApp } from '../support/test.ts';

// Issue 24, item 15: a guest's /shop is rendered on the server and its code comes up to 3 s later.
// What was typed in that window was wiped at hydration and the search was not applied. Plain
// Playwright `test`: these tests must act before the app is ready, which the shared `page` waits for.

const test = base;
const results = (page: Page) => page.getByRole('list', { name: 'Plugins' });
const cards = (page: Page) => results(page).getByRole('article');
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search plugins' });

/**
 * Holds back the app's entry module, as a slow connection would, until the returned function lets
 * it through: the test acts on the server-rendered page first, however long that takes.
 */
async function holdEntryModule(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a search typed before the app is ready is kept and applied when it takes over', async ({ page }) => {
  const letTheAppLoad = await holdEntryModule(page);
  await page.goto('/shop', { waitUntil: 'domcontentloaded' });
  await expect(cards(page)).toHaveCount(25);
  const appReady = await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'));
  expect(appReady, 'the app must not have taken over yet').toBe(false);
  await searchBox(page).pressSequentially('miner');

  letTheAppLoad();
  await waitForApp(page);
  await expect(page).toHaveURL(/\/shop\?name=miner$/);
  await expect(searchBox(page)).toHaveValue('miner');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Motherlode Miner');
  // The field was focused and typed in before the app ran: its suggestions open once it does.
  await expect(searchBox(page)).toBeFocused();
  await expect(
    page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: 'Motherlode Miner' }),
  ).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
});

test('a sort chosen before the app is ready is applied when it takes over', async ({ page }) => {
  const letTheAppLoad = await holdEntryModule(page);
  await page.goto('/shop', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Sort by').selectOption('name');
  letTheAppLoad();
  await waitForApp(page);
  await expect(page).toHaveURL(/\/shop\?sort=name$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('name');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the search is a form the server answers', async ({ page }) => {
    await page.goto('/shop?size=10');
    await expect(cards(page)).toHaveCount(10);
    await searchBox(page).fill('miner');
    await searchBox(page).press('Enter');
    // The page size in use rides along as a hidden field.
    await expect(page).toHaveURL(/\/shop\?name=miner&sort=popular&size=10$/);
    await expect(searchBox(page)).toHaveValue('miner');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Motherlode Miner');
  });
});

test.describe('the pager with JavaScript off (issue 26, item 13)', () => {
  test.use({ javaScriptEnabled: false });

  test('search results and their pages come from the server: a GET form and real links', async ({ page }) => {
    await page.goto('/shop?name=er&size=10&page=1');
    await expect(searchBox(page)).toHaveValue('er');
    await expect(cards(page)).toHaveCount(10);
    const form = page.getByRole('search');
    await expect(form).toHaveAttribute('method', 'get');
    await expect(form).toHaveAttribute('action', '/shop');
    await expect(searchBox(page)).toHaveAttribute('name', 'name');

    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByText('Page 2 of 3')).toBeVisible();
    await expect(pager.getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/shop?name=er&size=10',
    );
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/shop\?name=er&page=2&size=10$/);
    await expect(pager.getByText('Page 3 of 3')).toBeVisible();
    await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
    const matches = 20 + (await cards(page).count());

    // The page size is a form too: it keeps the search and starts again at the first page.
    await pager.getByLabel('Plugins per page').selectOption('25');
    await pager.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/shop\?size=25&name=er$/);
    await expect(pager.getByText(`Page 1 of ${Math.ceil(matches / 25)}`)).toBeVisible();
    await expect(cards(page)).toHaveCount(Math.min(matches, 25));
  });
});

test('once the app runs, the pager and the search move in place, without loading the page again', async ({
  page,
}) => {
  await page.goto('/shop?size=10');
  await waitForApp(page);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const pager = page.getByRole('navigation', { name: 'Pages' });
  // The page size's Show button is only for before the app runs.
  await expect(pager.getByRole('button', { name: 'Show' })).toBeHidden();
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/\/shop\?page=1&size=10$/);
  await searchBox(page).pressSequentially('miner');
  await expect(page).toHaveURL(/\/shop\?name=miner&size=10$/);
  await expect(cards(page)).toHaveCount(1);
  const sameDocument = await page.evaluate(
    () => (window as unknown as { sameDocument?: boolean }).sameDocument,
  );
  expect(sameDocument, 'no full page load happened').toBe(true);
});

test.describe('filters with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the Filters button opens the panel through the server, and Apply filters by skill', async ({
    page,
  }) => {
    await page.goto('/shop?sort=name');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page).toHaveURL(/[?&]filters=open\b/);
    const panel = page.getByRole('region', { name: 'Filters' });
    await panel.getByRole('checkbox', { name: 'Sailing' }).check();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]labels=20\b/);
    await expect(page).toHaveURL(/[?&]sort=name\b/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Sailor's Compass");
  });
});

test.describe('accessibility of the shop toolbar', () => {
  for (const width of [375, 1280]) {
    test(`/shop at ${width} px has no serious or critical violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/shop');
      await waitForApp(page);
      await settle(page);
      await expectNoSeriousViolations(page, `/shop at ${width} px`);
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();
      await expectNoSeriousViolations(page, `/shop with the filters open at ${width} px`);
    });
  }
});
