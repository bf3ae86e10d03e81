import { type AccountInBrowser, type AccountWish, test } from '../support/accounts.ts';
import { fitsBothWidths, shootAtBothWidths as shoot } from '../support/axe.ts';
import { signedInPage } from '../support/stored-sessions.ts';
import { expect, type Locator, type Page } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// The developer workspace (issue 10), against the demo seed (packages/db/src/seed): `developer`
// (Devon, id 7) owns the repository https://github.com/devon-dev/ember-plugins with the plugin
// 'Free Woodcutter'; `premium` (Priya, id 8) owns plan 24. The buyer who pays and is refunded, and
// the premium developer who asks for a payout, are fresh accounts of their tests
// (e2e/support/accounts.ts, decision 0048): no other file's numbers move.

const toast = (page: Page, message: string) => page.getByText(message, { exact: true }).first();
const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** This month as the server keys it (UTC). */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A name no earlier run used (the e2e database is fresh per run, but a name per test is clearer). */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).toUpperCase()}`;

/** The nav's 'Credits: N' as a number. */
async function navBalance(page: Page): Promise<number> {
  const text = await page
    .getByRole('navigation', { name: 'Main' })
    .getByText(/^Credits: [\d,]+$/)
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/** A figure of a card's fact list, e.g. 'Available' → 1234. */
async function figure(locator: Locator): Promise<number> {
  return Number(((await locator.textContent()) ?? '').replace(/[^\d]/g, ''));
}

async function buyerBuys(
  signedInAccount: (wish?: AccountWish) => Promise<AccountInBrowser>,
  planId: number,
  planName: string,
  code: string,
) {
  const buyer = await signedInAccount({ credits: 1_000 });
  const { page } = buyer;
  const before = await navBalance(page);
  await page.goto(`/shop/${planId}`);
  await expect(page.getByRole('heading', { level: 1, name: planName })).toBeVisible();
  const buyBox = page.getByRole('complementary', { name: 'Purchase' });
  await buyBox.getByLabel('Discount code').fill(code);
  await expect(buyBox.getByText(/Discount code applied: 20% off/)).toBeVisible();
  await buyBox.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
  await buyBox.getByRole('button', { name: 'Purchase' }).click();
  // 300 credits, 10% promo → 270, then the code's 20% → 216.
  await dialog(page, `Buy ${planName}?`).getByRole('button', { name: 'Pay 216 credits' }).click();
  await expect(toast(page, `Successfully purchased ${planName}`)).toBeVisible();
  await expect.poll(() => navBalance(page)).toBe(before - 216);
  return { ...buyer, before };
}

test.describe('developer workspace', () => {
  test.describe.configure({ timeout: scaled(60_000) });
  test('developer creates a plan and a price, sells it with a discount code, then manages the subscriber', async ({
    browser,
    signedInAccount,
  }) => {
    const page = await signedInPage(browser, 'developer', '/developer');
    const planName = unique('Trail Blazer');

    // Create plan: both §5 messages, then 'Plan added successfully!'.
    await expect(page.getByRole('heading', { level: 1, name: 'Developer Dashboard' })).toBeVisible();
    // A demo description's markdown headings are set at the list's text size, not the plan page's.
    const describedHeading = page.getByTestId('plan-description').getByRole('heading').first();
    await expect(describedHeading).toBeVisible();
    const sizes = await describedHeading.evaluate((heading) => [
      getComputedStyle(heading).fontSize,
      getComputedStyle(heading.closest('[data-testid="plan-description"]') as Element).fontSize,
    ]);
    expect(sizes[0]).toBe(sizes[1]);
    await card(page, 'Plans').getByRole('button', { name: 'Create plan' }).click();
    const create = dialog(page, 'Create plan');
    await create.getByRole('button', { name: 'Create plan' }).click();
    await expect(create.getByText('Plan name was empty.')).toBeVisible();
    await create.getByLabel('Plan name').fill(planName);
    await create.getByRole('button', { name: 'Create plan' }).click();
    await expect(create.getByText('Plan description was empty.')).toBeVisible();
    await create.getByLabel('Description').fill('Walks every trail and banks the loot. '.repeat(10));
    await create.getByRole('button', { name: 'Create plan' }).click();
    await expect(toast(page, 'Plan added successfully!')).toBeVisible();
    await expect(create).toBeHidden();

    // The plans list cuts the description at 200 characters.
    const planRow = page.getByRole('table', { name: 'Plans' }).getByRole('row').filter({ hasText: planName });
    const shown = (await planRow.getByTestId('plan-description').textContent()) ?? '';
    expect(shown.length).toBeLessThanOrEqual(201);
    expect(shown.endsWith('…')).toBe(true);
    await planRow.getByRole('link', { name: planName }).click();
    await expect(page.getByRole('heading', { level: 1, name: planName })).toBeVisible();
    const planId = Number(new URL(page.url()).pathname.split('/').at(-1));
    // Enabling or disabling a plan is for admins only.
    await expect(page.getByRole('button', { name: /^(Enable|Disable) plan$/ })).toHaveCount(0);

    // Create price: it starts disabled and hidden.
    await card(page, 'Prices').getByRole('button', { name: 'Create price' }).click();
    const createPrice = dialog(page, 'Create price');
    await createPrice.getByLabel('Price name').fill('Monthly');
    await createPrice.getByLabel('Price (credits)', { exact: true }).fill('300');
    await createPrice.getByLabel('Promo discount (%)').fill('10');
    await createPrice.getByRole('button', { name: 'Create price' }).click();
    // 'Price created!' says, where the price appears, that buyers cannot see it yet (issue 26).
    const created = page.getByTestId('price-created');
    await expect(created).toContainText('Price created! Buyers cannot see “Monthly” yet');
    const priceRow = page
      .getByRole('table', { name: 'Prices' })
      .getByRole('row')
      .filter({ hasText: 'Monthly' });
    await expect(priceRow).toContainText('Hidden');
    await expect(priceRow).toContainText('Disabled');

    // The owner enables and shows it from there (the policy lets a plan owner enable a price; only
    // plans are admin-only).
    await created.getByRole('button', { name: 'Enable and show' }).click();
    await expect(created).toContainText('“Monthly” is enabled and shown: buyers can see and buy it now.');
    await expect(priceRow).not.toContainText('Disabled');
    await expect(priceRow).toContainText('Shown');
    await expect(priceRow.getByRole('button', { name: 'Hide Monthly' })).toBeVisible();

    // Price dashboard: attach a plugin.
    await priceRow.getByRole('link', { name: 'Monthly' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly' })).toBeVisible();
    const priceUrl = new URL(page.url()).pathname;
    await card(page, 'Attached Plugins').getByRole('button', { name: 'Attach plugin' }).click();
    const attach = dialog(page, 'Attach plugin');
    await attach.getByRole('radio', { name: /Free Woodcutter/ }).check();
    await expect(attach.getByLabel('Session limit')).toHaveValue('0');
    await attach.getByRole('button', { name: 'Attach' }).click();
    await expect(toast(page, 'Plugin attached!')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Attached plugins' })).toContainText('Free Woodcutter');

    // A discount code: the §5 messages, then 'Discount code created.'.
    const code = `TRAIL${Date.now().toString(36).toUpperCase()}`;
    await card(page, 'Discount Codes').getByRole('button', { name: 'Create' }).click();
    const codeDialog = dialog(page, 'Create discount code');
    await expect(codeDialog.getByLabel('Max uses')).toHaveValue('0');
    await codeDialog.getByLabel('Code').fill(code);
    await codeDialog.getByLabel('Discount percent').fill('0');
    await codeDialog.getByLabel('Valid until').fill('2020-01-01');
    await codeDialog.getByRole('button', { name: 'Create code' }).click();
    await expect(codeDialog.getByText('Discount percent must be greater than 0')).toBeVisible();
    await codeDialog.getByLabel('Discount percent').fill('20');
    await codeDialog.getByLabel('Max uses').fill('-1');
    await expect(codeDialog.getByText('Max uses must be positive or zero.')).toBeVisible();
    await codeDialog.getByLabel('Max uses').fill('0');
    await expect(codeDialog.getByText('Valid until must be greater than today')).toBeVisible();
    await codeDialog.getByLabel('Valid until').fill(`${new Date().getUTCFullYear() + 1}-12-31`);
    await codeDialog.getByRole('button', { name: 'Create code' }).click();
    await expect(toast(page, 'Discount code created.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Discount codes' })).toContainText(code);

    // A buyer buys it with the code.
    const customer = await buyerBuys(signedInAccount, planId, planName, code);

    // The developer sees the subscriber, and this month's point in the statistics.
    await page.reload();
    const subscriptions = page.getByRole('table', { name: 'Subscriptions' });
    const subscriberRow = subscriptions.getByRole('row').filter({ hasText: customer.username });
    await expect(subscriberRow).toContainText('216 credits');
    await expect(subscriberRow).toContainText('Active');
    await expect(page.getByTestId('actual-sub-count')).toHaveText('1');
    await card(page, 'Statistics').getByRole('button', { name: 'View' }).click();
    const statistics = dialog(page, 'Sub counts for Monthly');
    await expect(statistics.getByTestId('purchases-chart').locator('svg').first()).toBeVisible();
    await expect(statistics.locator(`tr[data-month="${thisMonth()}"] td`)).toHaveText('1');
    await statistics.getByRole('button', { name: 'Close' }).click();

    // Time Management: 24 hours to every active subscription; the page reloads after 1 s.
    const expiresBefore = await subscriberRow.locator('time').nth(1).getAttribute('datetime');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await card(page, 'Time Management').getByRole('button', { name: 'View' }).click();
    const hours = dialog(page, 'Add hours');
    await hours.getByRole('button', { name: 'Add hours' }).click();
    await expect(hours.getByText('Hours to add must be greater than 0')).toBeVisible();
    await hours.getByLabel('Hours to add').fill('24');
    await hours.getByRole('button', { name: 'Add hours' }).click();
    await expect(hours.getByText('No subscribers selected')).toBeVisible();
    await hours.getByRole('checkbox', { name: 'All active subscriptions of this price' }).check();
    // The toast lives 1 s before the reload; a mutation observer in the page sees it however slow
    // the machine, where polling from the test can fall between the toast and the reload.
    // (waitForFunction has no 'mutation' polling in Playwright 1.65: the observer calls back instead.)
    const reloaded = page.waitForEvent('load');
    let seen = () => {};
    const toastShown = new Promise<void>((resolve) => {
      seen = resolve;
    });
    await page.exposeFunction('addHoursToastSeen', () => seen());
    await page.evaluate((message) => {
      new MutationObserver((_, observer) => {
        if (!document.body.innerText.includes(message)) return;
        observer.disconnect();
        void (window as unknown as { addHoursToastSeen: () => Promise<void> }).addHoursToastSeen();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, 'Hours added successfully');
    await hours.getByRole('button', { name: 'Add hours' }).click();
    await toastShown;
    await reloaded;
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument ?? false),
    ).toBe(false);
    await expect(subscriberRow).toContainText('Active');
    const expiresAfter = await subscriberRow.locator('time').nth(1).getAttribute('datetime');
    expect(Date.parse(expiresAfter ?? '') - Date.parse(expiresBefore ?? '')).toBe(24 * 3_600_000);

    // Refund: the amount defaults to what was paid; the buyer gets it back.
    await subscriberRow.getByRole('button', { name: `Refund ${customer.username}` }).click();
    const refund = dialog(page, `Refund ${customer.username}`);
    await expect(refund.getByLabel('Refund amount (credits)')).toHaveValue('216');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(toast(page, 'Subscription refunded successfully!')).toBeVisible();
    await expect(subscriberRow).toContainText('Refunded');
    await customer.page.reload();
    await expect.poll(() => navBalance(customer.page)).toBe(customer.before);

    // The revenue chart on the dashboard has this month.
    await page.goto('/developer');
    await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
    await expect(page.locator(`tr[data-month="${thisMonth()}"]`)).toHaveCount(1);

    // The three dashboards at both widths; axe on them is the accessibility walk's (decision 0075).
    await fitsBothWidths(page, 'developer-dashboard');
    await page.goto(`/developer/plan/${planId}`);
    await expect(page.getByRole('heading', { level: 1, name: planName })).toBeVisible();
    await fitsBothWidths(page, 'developer-plan-dashboard');
    await page.goto(priceUrl);
    await expect(page.getByRole('table', { name: 'Subscriptions' })).toContainText(customer.username);
    await fitsBothWidths(page, 'developer-price-dashboard');
  });

  test('a developer without the premium role is told why payouts are not available', async ({ browser }) => {
    const page = await signedInPage(browser, 'developer', '/developer');
    await expect(page.getByTestId('payouts-unavailable')).toHaveText(
      'Payouts are available to premium developers. Contact the store owner to become one.',
    );
    await expect(card(page, 'Payouts').getByRole('button', { name: 'Request payout' })).toHaveCount(0);
  });

  test('a premium developer requests a payout: it is Pending and reserved on the earnings card', async ({
    signedInAccount,
  }) => {
    const { page } = await signedInAccount(
      { roles: ['DEVELOPER', 'PREMIUM_DEVELOPER'], earnings: 2_500 },
      {},
      '/developer',
    );
    const available = page.getByTestId('earnings-available');
    const reserved = page.getByTestId('earnings-reserved');
    await expect(available).toHaveText(/\d/);
    const availableBefore = await figure(available);
    const reservedBefore = await figure(reserved);
    expect(availableBefore).toBeGreaterThanOrEqual(5);

    const payouts = card(page, 'Payouts');
    await payouts.getByLabel('Withdraw amount').fill('abc');
    await payouts.getByRole('button', { name: 'Request payout' }).click();
    await expect(payouts.getByText('Withdraw amount is not a valid number')).toBeVisible();
    await payouts.getByLabel('Withdraw amount').fill('5');
    await payouts.getByRole('button', { name: 'Request payout' }).click();
    // Nothing is filed before the developer confirms the amount in credits and in euros (issue 26).
    const confirmation = dialog(page, 'Request payout');
    await expect(confirmation).toContainText('Request a payout of 5 credits (€0.05)?');
    await shoot(page, 'developer-payout-confirmation');
    // A double press files one request.
    await confirmation.getByRole('button', { name: 'Request payout' }).dblclick();
    await expect(toast(page, 'Payout request created')).toBeVisible();
    await expect(confirmation).toBeHidden();

    const table = page.getByRole('table', { name: 'Payouts' });
    const newest = table.getByRole('row').nth(1);
    await expect(newest).toContainText('5 credits');
    await expect(newest).toContainText('Pending');
    await expect.poll(() => figure(reserved)).toBe(reservedBefore + 5);
    await expect.poll(() => figure(available)).toBe(availableBefore - 5);

    // At 1280 px every column is in view: nothing scrolls inside the table, no badge is cut.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(table.getByRole('columnheader', { name: 'Reference' })).toBeInViewport();
    expect(
      await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0)),
    ).toBe(true);
    await shoot(page, 'developer-payouts');
  });

  test("developer opening another developer's price lands on /account", async ({ browser }) => {
    // Plan 24 (Dragon Hunter PvM) belongs to premium.
    const page = await signedInPage(browser, 'developer', '/shop/24');
    const priceId = await page.locator('[data-price-id]').first().getAttribute('data-price-id');
    await page.goto(`/developer/plan/24/price/${priceId}`);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/developer/plan/24');
    await expect(page).toHaveURL(/\/account$/);
  });

  test("an admin may open another developer's plan dashboard, with the enable switch", async ({
    browser,
  }) => {
    const page = await signedInPage(browser, 'admin', '/developer/plan/24');
    await expect(page.getByRole('heading', { level: 1, name: 'Dragon Hunter PvM' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable plan' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Prices' }).getByRole('row')).not.toHaveCount(1);
  });

  test("a developer's plan edit shows at once on the shop list and the public plan page (issue 23, item 7)", async ({
    browser,
  }) => {
    // Plan 20 (Prayer Trainer), on the shop's first page, belongs to developer. Every step after the
    // first load is a navigation inside the app, so what the app cached before the edit is what it
    // would show if the developer pages and the shop kept the plan under different keys.
    const page = await signedInPage(browser, 'developer');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const shopCard = (name: string) =>
      page.getByRole('list', { name: 'Plugins' }).getByRole('article').filter({ hasText: name });
    await shopCard('Prayer Trainer').getByRole('link', { name: 'Prayer Trainer', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/20$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Prayer Trainer' })).toBeVisible();

    // Dev Panel → the plan's dashboard → Edit.
    await nav.getByRole('button', { name: /Devon Developer$/ }).hover();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Dev Panel' }).click();
    await page
      .getByRole('table', { name: 'Plans' })
      .getByRole('link', { name: 'Prayer Trainer', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Prayer Trainer' })).toBeVisible();
    const newName = unique('Altar Keeper');
    await card(page, 'Plan information').getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Prayer Trainer');
    await edit.getByLabel('Plan name').fill(newName);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Plan has been updated!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

    // Back twice in the browser's history, to the public plan page: the new name at once.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\/20$/);
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

    // Then to the shop through the menu: the card carries the new name, and leads to the same page.
    await nav.getByRole('button', { name: 'Plugins' }).hover();
    await nav.getByRole('link', { name: 'All plugins' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(shopCard(newName)).toHaveCount(1);
    await shopCard(newName).getByRole('link', { name: newName, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/20$/);
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  });
});
