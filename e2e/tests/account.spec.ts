import { formatDateTime, formatLongDate } from '@ember/contracts/format';
import { saveScreenshot } from '../support/screenshots.ts';
import { signedInPage, useStoredSession } from '../support/stored-sessions.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Relies on the demo seed (packages/db/src/seed): customer (id 10) has credits and subscriptions in
// every state, among them Rooftop Runner Monthly (price 1, 450 credits, extension 400) bought 10
// days ago; vip (id 9) has the Discord id 314159265358979309. Plan 2 (Storm Angler) starts with its
// Weekly price (3, 150 credits) and has no access lists. The tests change customer's and vip's
// credits and subscriptions, so no other spec file relies on those numbers; each test reads the
// balances it starts from, so the tests do not depend on each other's order.

const VIP_DISCORD_ID = '314159265358979309';
/** Well formed, but nobody in the seed has it. */
const UNKNOWN_DISCORD_ID = '314159265358979399';

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await saveScreenshot(page, name, { fullPage });
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const DAY = 86_400_000;

/** The nav's 'Credits: N' as a number. */
async function navBalance(page: Page): Promise<number> {
  const text = await mainNav(page)
    .getByText(/^Credits: [\d,]+$/)
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

async function expectNavBalance(page: Page, credits: number) {
  await expect(
    mainNav(page).getByText(`Credits: ${credits.toLocaleString('en-US')}`, { exact: true }),
  ).toBeVisible();
}

/** The plan page's buy box. */
const buyBox = (page: Page) => page.getByRole('complementary', { name: 'Purchase' });

/** A toast (not the same words shown under a form field). */
const toast = (page: Page, message: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(message, { exact: true });

/** Marks the document: still there later means the page was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
}

const subscriptionsTable = (page: Page) => page.getByRole('table', { name: 'Subscriptions' });

/** The newest subscription of a plan (the table lists the newest purchase first). */
const newestRowOf = (page: Page, planName: string): Locator =>
  subscriptionsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: planName }) })
    .first();

async function goToAccount(page: Page) {
  await mainNav(page)
    .getByRole('button', { name: /Casey Customer|Vera VIP/ })
    .hover();
  await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: /My Account/ })).toBeVisible();
}

test.describe('money pages', () => {
  // Long flows (buy, pause, unpause, extend; gift and check as the receiver): 30 s ran out on a
  // busy machine while every step was still on its way.
  test.describe.configure({ timeout: scaled(60_000) });

  test('customer buys a plan with credits, then pauses, unpauses and extends it on /account', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'customer');
    const start = await navBalance(page);

    await page.getByRole('link', { name: 'Buy Rooftop Runner' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rooftop Runner' })).toBeVisible();
    await markDocument(page);
    const monthly = page.locator('[data-price-id="1"]');
    await monthly.getByRole('radio').check();
    await expect(page.getByTestId('checkout-total')).toHaveText('450 credits');

    // The terms come first.
    await buyBox(page).getByRole('button', { name: 'Purchase' }).click();
    // Said once, at the box (issue 26, item 6), not also as a toast.
    await expect(buyBox(page).getByText('Please agree to the terms of service')).toBeVisible();
    await expect(toast(page, 'Please agree to the terms of service')).toHaveCount(0);
    await buyBox(page).getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await buyBox(page).getByRole('button', { name: 'Purchase' }).click();
    // Nothing is spent before the buyer sees the total (and that they already hold the plan).
    const confirmBuy = page.getByRole('dialog', { name: 'Buy Rooftop Runner?' });
    await expect(confirmBuy).toContainText('Monthly: 450 credits will be taken from your balance.');
    await confirmBuy.getByRole('button', { name: 'Pay 450 credits' }).click();
    await expect(toast(page, 'Successfully purchased Rooftop Runner')).toBeVisible();
    // The nav's balance follows without a reload.
    await expectNavBalance(page, start - 450);
    // The toast is the one message (issue 34, item 8); the buy box says what the buyer now holds.
    await expect(buyBox(page).getByTestId('held-note')).toContainText('You already have this plan until');
    await saveScreenshot(buyBox(page), 'plan-1280-purchased');

    await page.getByRole('link', { name: 'See it in My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expectSameDocument(page);
    const row = newestRowOf(page, 'Rooftop Runner');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('450 credits');
    await expect(row.getByRole('button')).toHaveText(['Extend', 'Pause']);

    // Pause, after a confirmation that says from when to when, and the end date it moves to (issue 34).
    const expires = new Date((await row.locator('time').last().getAttribute('datetime')) ?? '');
    const inTwoWeeks = (date: Date) => new Date(date.getTime() + 14 * DAY);
    await row.getByRole('button', { name: 'Pause Rooftop Runner (Monthly)' }).click();
    const today = new Date();
    const pauseDialog = page.getByRole('dialog', { name: 'Pause Rooftop Runner (Monthly)' });
    await expect(pauseDialog).toContainText(
      `Paused from ${formatLongDate(today)} to ${formatLongDate(inTwoWeeks(today))}; your plugins stop until then and the subscription now ends ${formatLongDate(inTwoWeeks(expires))}.`,
    );
    await saveScreenshot(page, 'account-1280-pause-confirm', { fullPage: false });
    await pauseDialog.getByRole('button', { name: 'Pause for 14 days' }).click();
    await expect(toast(page, 'Subscription paused successfully!')).toBeVisible();
    await expect(pauseDialog).toBeHidden();
    // The row says until when, and the end date after the pause (the pages' two date forms, decision
    // 0039, in the browser's time zone, which is this process's).
    await expect(row).toContainText(`Paused until ${formatLongDate(inTwoWeeks(today))}`);
    await expect(row.locator('time').last()).toHaveText(formatDateTime(inTwoWeeks(expires)));
    await expect(row.getByRole('button')).toHaveText(['Unpause']);

    // Unpause: the pause is then used up.
    await row.getByRole('button', { name: 'Unpause Rooftop Runner (Monthly)' }).click();
    const unpauseDialog = page.getByRole('dialog', { name: 'Unpause Rooftop Runner (Monthly)' });
    await expect(unpauseDialog).toContainText('Unpausing forfeits any further pause.');
    await unpauseDialog.getByRole('button', { name: 'Unpause' }).click();
    await expect(toast(page, 'Subscription unpaused successfully!')).toBeVisible();
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button')).toHaveText(['Extend']);

    // Extend at the extension price, paid with credits.
    await row.getByRole('button', { name: 'Extend Rooftop Runner (Monthly)' }).click();
    const extendDialog = page.getByRole('dialog', { name: 'Extend subscription' });
    await expect(extendDialog).toContainText('by one more month for 400 credits?');
    await shoot(page, 'account-1280-extend-confirm', { fullPage: false });
    await extendDialog.getByRole('button', { name: 'Extend for 400 credits' }).click();
    await expect(toast(page, 'Successfully extended subscription')).toBeVisible();
    await expectNavBalance(page, start - 450 - 400);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expectSameDocument(page);

    // The ledger shows both movements.
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(transactions.getByRole('row').nth(1)).toContainText('Extension');
    await expect(transactions.getByRole('row').nth(1)).toContainText('\u2212400');
    await expect(transactions.getByRole('row').nth(2)).toContainText('\u2212450');
  });

  test('customer gifts a plan to vip, who sees it on /account', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'customer');
    const start = await navBalance(page);
    await page.getByRole('link', { name: 'Buy Storm Angler' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Storm Angler' })).toBeVisible();
    await page.locator('[data-price-id="3"]').getByRole('radio').check();
    await buyBox(page).getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await buyBox(page).getByRole('button', { name: 'Gift' }).click();

    const dialog = page.getByRole('dialog', { name: 'Gift Storm Angler' });
    await expect(dialog).toContainText('150 credits');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Please enter a valid discord id')).toBeVisible();
    await dialog.getByLabel("Receiver's Discord ID").fill(VIP_DISCORD_ID);
    await expect(dialog.getByText('Please enter a valid discord id')).toBeHidden();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByTestId('gift-receiver')).toContainText('Vera VIP (@vip)');
    await shoot(page, 'plan-1280-gift-modal', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send gift' }).click();
    // One message, naming the receiver, and nothing else in the buy box (issue 34, item 8).
    await expect(toast(page, 'Successfully gifted Storm Angler to Vera VIP (@vip)')).toBeVisible();
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('alert')).toHaveCount(1);
    await expect(buyBox(page).getByRole('status')).toHaveCount(0);
    await expect(dialog).toBeHidden();
    await expectNavBalance(page, start - 150);

    const vip = await signedInPage(browser, 'vip');
    await goToAccount(vip);
    const gift = newestRowOf(vip, 'Storm Angler');
    await expect(gift).toContainText('Gift from customer');
    await expect(gift).toContainText('Active');
    await expect(gift).toContainText('Weekly');
    await vip.context().close();
  });

  test('customer gifts credits to vip and both balances change', async ({ page, browser }) => {
    const vip = await signedInPage(browser, 'vip');
    const vipStart = await navBalance(vip);

    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'customer');
    const start = await navBalance(page);
    await goToAccount(page);
    const form = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Gift credits' }) });
    await form.getByLabel("Receiver's Discord ID").fill(VIP_DISCORD_ID);
    await form.getByLabel('Amount').fill('ten');
    await form.getByRole('button', { name: 'Gift credits' }).click();
    await expect(form.getByText('Please enter a valid amount.')).toBeVisible();

    await form.getByLabel('Amount').fill('250');
    await form.getByRole('button', { name: 'Gift credits' }).click();
    const confirm = page.getByRole('dialog', { name: 'Gift credits' });
    await expect(confirm).toContainText(`Send 250 credits to Vera VIP (@vip), Discord ID ${VIP_DISCORD_ID}?`);
    await confirm.getByRole('button', { name: 'Send gift' }).click();
    // One message, naming the receiver (issue 34, item 8).
    await expect(
      toast(page, 'Credits transferred successfully! Vera VIP (@vip) received 250 credits.'),
    ).toHaveCount(1);
    await expectNavBalance(page, start - 250);
    await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toContainText(
      'Credits sent',
    );

    await vip.reload();
    await expectNavBalance(vip, vipStart + 250);
    await goToAccount(vip);
    await expect(vip.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toContainText(
      '+250',
    );
    await vip.context().close();
  });

  test('an unknown receiver of a credit gift is refused as it is typed and moves no credits', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'customer');
    const start = await navBalance(page);
    await goToAccount(page);
    const form = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Gift credits' }) });
    await form.getByLabel("Receiver's Discord ID").fill(UNKNOWN_DISCORD_ID);
    await form.getByLabel('Amount').fill('25');
    // The id is looked up as it is typed (issue 26, item 4): nobody to name, so no confirmation.
    const receiver = form.getByLabel("Receiver's Discord ID");
    await expect(receiver).toHaveAccessibleDescription('No user with that Discord ID.');
    await expect(receiver).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('button', { name: 'Gift credits' })).toBeDisabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(form.getByLabel('Amount')).toHaveValue('25');
    await page.reload();
    await expectNavBalance(page, start);
  });

  test('the account page at 1280 and 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'customer');
    await goToAccount(page);
    await expect(subscriptionsTable(page).getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sessions' }).getByRole('rowheader').first()).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Transactions' }).getByRole('rowheader').first(),
    ).toBeVisible();
    // The seed gives customer orders in several states (packages/db/src/seed/data/order-stories.ts).
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByTestId('vip-status')).toHaveText('Not VIP');
    await shoot(page, 'account-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    // Rows become stacked cards: no horizontal scrolling. The tables switch layout on a media-query
    // change, one render after the resize: measured once, right away, this was flaky.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await expect(page.getByRole('combobox', { name: 'Sort by' }).first()).toBeVisible();
    await shoot(page, 'account-375');
  });

  test('vip sees the VIP status with its end date and the gem', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'vip');
    await goToAccount(page);
    await expect(page.getByTestId('vip-status')).toHaveText(/^VIP until \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(page.getByRole('heading', { level: 1 }).getByRole('img', { name: 'VIP' })).toBeVisible();
  });
});
