import type { Browser, BrowserContext } from '@playwright/test';
import { shootAtBothWidths } from '../support/axe.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { type SignedInAccount, storedSessionOf } from '../support/stored-sessions.ts';
import { expect, type Page, test, waitForApp } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 34, item 5 (decision 0039): with a German browser the pages stay English, and so do their
// dates and numbers: no "17. Dezember 2026", "Credits: 23.445" or "15,00 €" inside English text.
// Item 8: the price's purchases chart draws one bar a month, months labelled in English.

const GERMAN = { locale: 'de-DE', timezoneId: 'Europe/Berlin' } as const;

/** What a German browser would have written into English text, each with the reader's name for it. */
const GERMAN_FORMS: ReadonlyArray<[string, RegExp]> = [
  [
    'a German month',
    /\b(Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember)\b|\b(Jan|Feb|Mär|Apr|Aug|Sep|Okt|Nov|Dez)\./,
  ],
  ['a German thousands separator', /\d\.\d{3}\b/],
  ['a German euro amount', /\d,\d{2}\s?€/],
  ['a German numeric date', /\b\d{1,2}\.\d{1,2}\.\d{2,4}\b/],
  ['a German clock', /\bUhr\b/],
];

/** The page's visible text has none of the German forms (and says which one it found, where). */
async function expectEnglishOnly(page: Page, where: string) {
  const text = await page.locator('body').innerText();
  for (const [what, form] of GERMAN_FORMS) {
    const found = form.exec(text);
    expect(
      found ? `${what}: "${text.slice(Math.max(0, found.index - 40), found.index + 40)}"` : null,
      where,
    ).toBeNull();
  }
}

/** A German browser (1280 × 900) with the stored session of `account`, or none. */
async function germanBrowser(
  browser: Browser,
  account?: SignedInAccount,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...GERMAN,
    viewport: { width: 1280, height: 900 },
    ...(account ? { storageState: storedSessionOf(account) } : {}),
  });
  return { context, page: await context.newPage() };
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForApp(page);
}

test.describe('a German browser reads English dates and numbers', () => {
  test.describe.configure({ timeout: scaled(60_000) });

  test("a guest's rendered shop is the same page as anyone's, taken over without a mismatch", async ({
    browser,
  }) => {
    const { context, page } = await germanBrowser(browser);
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors')) reports.push(request.postData() ?? '');
    });
    const answer = await page.goto('/shop');
    const html = (await answer?.text()) ?? '';
    expect(html).not.toContain('number-locale');
    // The server wrote English grouping: a price of a thousand credits or more reads "from 1,200 credits".
    expect(html).toMatch(/from \d{1,3}(,\d{3})+ credits/);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/^from \d{1,3}(,\d{3})+ credits$/).first()).toBeVisible();
    expect(reports).toEqual([]);
    await expectEnglishOnly(page, '/shop (guest)');
    await context.close();
  });

  test("the customer's account, shop, VIP products and a checkout", async ({ browser }) => {
    const { context, page } = await germanBrowser(browser, 'customer');
    await open(page, '/account');
    await expect(
      page.getByRole('table', { name: 'Subscriptions' }).getByRole('rowheader').first(),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(/^Credits: [\d,]+$/)).toBeVisible();
    // The table form: day, short English month, year, 24-hour time.
    await expect(page.getByRole('table', { name: 'Subscriptions' }).locator('time').first()).toHaveText(
      /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}$/,
    );
    await expectEnglishOnly(page, '/account');
    // A checkout to look at later: the customer's newest order, whose page its row links to.
    const orderLink = page.getByRole('link', { name: /^Order \d+: details and status$/ }).first();
    const checkout = await orderLink.getAttribute('href');
    expect(checkout).toMatch(/^\/checkout\/\d+$/);
    await shootAtBothWidths(page, 'one-language-account-de');
    // The subscriptions at a phone's width: a paused row says until when.
    await page.setViewportSize({ width: 375, height: 900 });
    const subscriptions = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Subscriptions', exact: true }) });
    await expect(subscriptions).toContainText(/Paused until \d{1,2} [A-Z][a-z]+ \d{4}/);
    await saveScreenshot(subscriptions, 'one-language-subscriptions-de-375');

    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, '/shop');
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectEnglishOnly(page, '/shop (customer)');

    await open(page, '/products/vip');
    await expect(
      page.getByRole('article', { name: 'VIP', exact: true }).getByTestId('unit-price'),
    ).toHaveText('€15.00 per month');
    await expectEnglishOnly(page, '/products/vip');
    await shootAtBothWidths(page, 'one-language-products-vip-de');

    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, checkout ?? '');
    await expect(page.getByTestId('checkout-status')).toBeVisible();
    await expectEnglishOnly(page, '/checkout');
    await shootAtBothWidths(page, 'one-language-checkout-de');
    await context.close();
  });

  test("the owner's payouts", async ({ browser }) => {
    const { context, page } = await germanBrowser(browser, 'owner');
    await open(page, '/owner');
    const payouts = page.getByRole('table', { name: 'Payouts' });
    await expect(payouts.getByRole('row').nth(1)).toBeVisible();
    await expect(payouts.locator('time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    await expectEnglishOnly(page, '/owner');
    await shootAtBothWidths(page, 'one-language-owner-de');
    await context.close();
  });

  test("a price's purchases are one bar a month, months in English, the tooltip 'Purchases: N'", async ({
    browser,
  }) => {
    const { context, page } = await germanBrowser(browser, 'premium');
    // Plan 24 (Dragon Hunter PvM) belongs to premium.
    await open(page, '/shop/24');
    const priceId = await page.locator('[data-price-id]').first().getAttribute('data-price-id');
    await open(page, `/developer/plan/24/price/${priceId}`);
    await page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Statistics', exact: true }) })
      .getByRole('button', { name: 'View' })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Sub counts for / });
    const chart = dialog.getByTestId('purchases-chart');
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeAttached();
    await expect(chart.locator('.recharts-line')).toHaveCount(0);
    // Twelve months, each labelled month-year in English, on the axis and in the table behind it.
    const months = await chart.locator('tr[data-month] th').allTextContents();
    expect(months).toHaveLength(12);
    for (const month of months)
      expect(month).toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec) \d{4}$/);
    // The axis's labels (the svg's texts that are not the counts' axis).
    const ticks = (await chart.locator('svg text').allTextContents()).filter((text) => /\D/.test(text));
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(months).toContain(tick);
    // Hovering a month names its count: "Purchases: 0" for a month without any.
    const plot = chart.locator('.recharts-surface').first();
    const box = await plot.boundingBox();
    if (!box) throw new Error('the chart has no box');
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(/Purchases: \d+/);
    await expectEnglishOnly(page, 'the price statistics');
    await saveScreenshot(page, 'one-language-purchases-chart-de-1280', { fullPage: false });
    await context.close();
  });
});
