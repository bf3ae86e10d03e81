import { test as plainTest } from '@playwright/test';
import { expectNoSeriousViolations, settle } from '../support/axe.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { addStoredSession, useStoredSession } from '../support/stored-sessions.ts';
import { expect, type Page, test } from '../support/test.ts';

// Issue 34, item 8: the mobile menu without JavaScript, the shop's count of matches, the index of
// /account on a phone, and the VIP text's gem. Read-only: no account's numbers change here.

const shoot = (page: Page, name: string, fullPage = false) => saveScreenshot(page, name, { fullPage });

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** How many listed plans the shop API counts for a query (its own totalElements). */
async function matchesOf(page: Page, query = ''): Promise<number> {
  const answer = await page.request.get(`/api/shop/plans?size=1${query}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { totalElements: number }).totalElements;
}

// Plain Playwright `test`: without JavaScript the app never signals it is ready.
plainTest.describe('the mobile menu with JavaScript off', () => {
  plainTest.use({ javaScriptEnabled: false, viewport: PHONE });

  plainTest('opens from the menu button and its links work', async ({ page }) => {
    await page.goto('/shop');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menuButton = nav.getByLabel('Open menu');
    await expect(menuButton).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Free plugins' })).toBeHidden();
    await menuButton.click();
    const free = nav.getByRole('link', { name: 'Free plugins' });
    await expect(free).toBeVisible();
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    const chat = nav.getByRole('link', { name: 'Join chat community' });
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', /noopener/);
    await shoot(page, 'no-js-menu-375');

    await free.click();
    await expect(page).toHaveURL(/\/shop\?category=free$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plugins' })).toBeVisible();
    // A new page: the menu is shut again, and opens again.
    await expect(nav.getByRole('link', { name: 'Free plugins' })).toBeHidden();
    await nav.getByLabel('Open menu').click();
    await expect(nav.getByRole('link', { name: 'All plugins' })).toBeVisible();
  });
});

test('with JavaScript the same button opens the slide-in menu, and the plain list stays shut', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/shop');
  await page.getByLabel('Open menu').click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Free plugins' })).toBeVisible();
  await expect(page.getByTestId('plain-menu')).toBeHidden();
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByLabel('Open menu')).toBeFocused();
});

test.describe("the shop's count of matches", () => {
  test('says how many plugins match beside the sort, and follows the search', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const all = await matchesOf(page);
    const miners = await matchesOf(page, '&name=miner');
    await page.goto('/shop');
    const count = page.getByTestId('plugin-count');
    await expect(count).toHaveText(`${all} plugins`);
    await page.getByRole('combobox', { name: 'Search plugins' }).fill('miner');
    await expect(count).toHaveText(`${miners} ${miners === 1 ? 'plugin' : 'plugins'}`);
    await settle(page);
    await expectNoSeriousViolations(page, 'the shop with its count at 1280 px');
    await shoot(page, 'shop-count-1280');
  });

  test('the filter panel at 375 px offers Show N plugins, which closes it on the results', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const sailing = await matchesOf(page, '&labelIds=20');
    const label = `${sailing} ${sailing === 1 ? 'plugin' : 'plugins'}`;
    await page.goto('/shop');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('region', { name: 'Filters' });
    // The label's box follows the app's filter state, a moment after the click under load: wait for it.
    const sailingBox = panel.getByRole('checkbox', { name: 'Sailing' });
    await sailingBox.click();
    await expect(sailingBox).toBeChecked();
    const show = panel.getByRole('button', { name: `Show ${label}` });
    await expect(show).toBeVisible();
    // The form's own Apply is only for before the app runs.
    await expect(panel.getByRole('button', { name: 'Apply' })).toBeHidden();
    await expect(page.getByTestId('plugin-count')).toHaveText(label);
    await settle(page);
    await expectNoSeriousViolations(page, 'the shop filter panel at 375 px');
    await show.scrollIntoViewIfNeeded();
    await shoot(page, 'shop-filters-375');

    await show.click();
    await expect(panel).toBeHidden();
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results).toBeFocused();
    await expect(results.getByRole('article')).toHaveCount(Math.min(sailing, 25));
    await shoot(page, 'shop-filters-375-shown');
  });
});

test.describe('/account at 375 px', () => {
  test('an index of its sections jumps to a section, by keyboard', async ({ page }) => {
    await useStoredSession(page, 'admin', '/account');
    await page.setViewportSize(PHONE);
    const index = page.getByRole('navigation', { name: 'Sections of this page' });
    await expect(index.getByRole('link')).toHaveText([
      'Summary',
      'VIP',
      'Sessions',
      'Devices',
      'Gift credits',
      'Notifications',
      'Subscriptions',
      'Transactions',
      'Orders',
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'Order history' })).not.toBeInViewport();
    await settle(page);
    await expectNoSeriousViolations(page, '/account at 375 px');
    await shoot(page, 'account-index-375');

    const orders = index.getByRole('link', { name: 'Orders' });
    await orders.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account#account-orders$/);
    const heading = page.getByRole('heading', { level: 2, name: 'Order history' });
    await expect(heading).toBeInViewport();
    // Below the top bar and the index, which stays in view.
    await expect(index).toBeInViewport();
    const headingBox = await heading.boundingBox();
    const indexBox = await index.boundingBox();
    expect(headingBox && indexBox && headingBox.y >= indexBox.y + indexBox.height).toBe(true);
    // The next Tab continues in the section jumped to.
    await page.keyboard.press('Tab');
    const inOrders = await page.evaluate(
      () => document.getElementById('account-orders')?.contains(document.activeElement) ?? false,
    );
    expect(inOrders).toBe(true);
    await shoot(page, 'account-index-375-orders');

    // Two columns from 900 px: no index.
    await page.setViewportSize(DESKTOP);
    await expect(index).toBeHidden();
    await settle(page);
    await expectNoSeriousViolations(page, '/account at 1280 px');
  });
});

test("the VIP page's gem is the site's SVG gem, not an emoji", async ({ page }) => {
  await addStoredSession(page, 'admin');
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/vip');
    const line = page.getByText(/gem symbol in the store/);
    await expect(line).toBeVisible();
    await expect(line.locator('svg')).toHaveCount(1);
    await expect(line).not.toContainText('\u{1F48E}');
    await settle(page);
    await expectNoSeriousViolations(page, `/vip at ${viewport.width} px`);
    await line.scrollIntoViewIfNeeded();
    await shoot(page, `vip-gem-${viewport.width}`);
  }
});
