import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expectNoSeriousViolations, settle } from '../support/axe.ts';
import { type Browser, expect, type Page, test } from '../support/test.ts';

// axe-core on every public page and the account page at a phone and a desktop width: no serious or
// critical violation of WCAG 2.1 A/AA. Also the vote modal (no second banner/contentinfo landmark
// while it is open) and the error page. Relies on the demo seed: plan 2 exists; staff has never voted.

const SCREENSHOTS = path.join(import.meta.dirname, '..', 'screenshots');
const WIDTHS = [375, 1280] as const;
const PUBLIC_PAGES = ['/', '/shop', '/shop/2', '/tos', '/privacy', '/faq'];
const DESKTOP_MIN_WIDTH = 890;
const LANDMARK_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-unique',
];

async function expectOneOfEachLandmark(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withRules(LANDMARK_RULES).analyze();
  expect(
    results.violations.map((violation) => violation.id),
    `landmark violations on ${where}`,
  ).toEqual([]);
}

async function signedInPage(browser: Browser, username: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
  await page.getByRole('button', { name: new RegExp(`^Continue as ${username}\\b`) }).click();
  await expect(page).toHaveURL(/\/shop$/);
  return page;
}

async function openVoteModal(page: Page, width: number, displayName: string) {
  if (width >= DESKTOP_MIN_WIDTH) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: new RegExp(displayName) })
      .hover();
    await page.getByRole('button', { name: 'Vote' }).click();
  } else {
    await page.getByLabel('Open menu').click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Vote' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Vote for Ember' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('accessibility (axe-core)', () => {
  // Six pages, each analysed in full, per test.
  test.describe.configure({ timeout: 90_000 });

  for (const width of WIDTHS) {
    test(`public pages at ${width} px have no serious or critical violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const url of PUBLIC_PAGES) {
        await page.goto(url);
        await settle(page);
        await expectNoSeriousViolations(page, `${url} at ${width} px`);
      }
    });
  }

  // Signed in, the header carries the credits, the Purchase and Download menus and the account menu;
  // the owner holds every role, so every menu entry is there (issue 24: every page, signed in and out).
  // One test per width: seven pages with the staff consoles analysed in full take most of the
  // timeout on a slow machine.
  for (const width of WIDTHS) {
    test(`pages signed in as the owner at ${width} px have no serious or critical violations`, async ({
      browser,
    }) => {
      const page = await signedInPage(browser, 'owner');
      await page.setViewportSize({ width, height: 900 });
      for (const url of ['/shop', '/shop/2', '/faq', '/products/credits', '/vip', '/admin', '/owner']) {
        await page.goto(url);
        await settle(page);
        await expectNoSeriousViolations(page, `${url} signed in at ${width} px`);
      }
      await page.context().close();
    });
  }

  test('the account page and the vote modal at 375 and 1280 px', async ({ browser }) => {
    const page = await signedInPage(browser, 'customer');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account');
      await settle(page);
      await expectNoSeriousViolations(page, `/account at ${width} px`);

      const dialog = await openVoteModal(page, width, 'Casey Customer');
      await expect(dialog.getByText(/^Each vote:/)).toBeVisible();
      await page.waitForTimeout(400);
      await expectNoSeriousViolations(page, `the vote modal at ${width} px`);
      await expectOneOfEachLandmark(page, `/account with the vote modal open at ${width} px`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `vote-modal-${width}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
    await page.context().close();
  });

  test('voting records the vote, then the modal says when the next vote is allowed', async ({ browser }) => {
    const page = await signedInPage(browser, 'staff');
    let dialog = await openVoteModal(page, 1280, 'Stan Staff');
    await dialog.getByRole('button', { name: 'Vote' }).click();
    await expect(page.getByText('Thanks for voting!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      dialog = await openVoteModal(page, width, 'Stan Staff');
      await expect(dialog.getByText(/^You can vote again at /)).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Vote' })).toBeDisabled();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(SCREENSHOTS, `vote-modal-next-vote-${width}.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    await page.context().close();
  });

  test('a page that fails to load shows the error page and reports the error', async ({ page }) => {
    // A chunk that cannot load (say, removed by a deploy) makes the page throw while rendering.
    await page.route(/\/assets\/faq-page-[^/]+\.js$/, (route) => route.abort());
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const report = page.waitForRequest(
        (request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST',
      );
      await page.goto('/faq');
      await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
      expect((await report).postDataJSON().message).toMatch(/^Render error: /);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await settle(page);
      await expectNoSeriousViolations(page, `the error page at ${width} px`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `error-page-${width}.png`), fullPage: true });
    }
  });
});
