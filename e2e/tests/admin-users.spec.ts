import { shootAtBothWidths } from '../support/axe.ts';
import { ownServer } from '../support/own-server.ts';
import {
  type Browser,
  type BrowserContext,
  expect as baseExpect,
  type Locator,
  type Page,
  test,
} from '../support/test.ts';

// The admins' user management (issue 20 acceptance), on a server of its own: the journey bans,
// unbans, gives VIP to and finally transfers away `customer`, whom the other specs count on.
// Demo ids (packages/db/src/seed/demo-accounts.ts): vip is #9, customer #10.

const server = ownServer({
  name: 'admin-users',
  portOffset: 60,
  // Several browsers sign in from one address; the limits have their own spec.
  env: {
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
    RATE_LIMIT_SESSION_RESTORE_PER_MINUTE: '10000',
    RATE_LIMIT_SPENDING_PER_MINUTE: '10000',
  },
});
const BASE_URL = server.baseURL;
/** This spec runs beside the serialized specs on a shared, busy machine: a patient expect. */
const expect = baseExpect.configure({ timeout: 20_000 });
const CUSTOMER = { id: 10, username: 'customer', displayName: 'Casey Customer' };
const VIP = { id: 9, username: 'vip', displayName: 'Vera VIP' };

test.describe.configure({ mode: 'serial', timeout: 480_000 });
test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const toast = (page: Page, message: string) => page.getByText(message, { exact: true }).first();
const logInLink = (page: Page) => mainNav(page).getByRole('link', { name: 'Log in' });

async function expectSignedIn(page: Page) {
  await expect(mainNav(page).getByText(/^Credits: [\d,]+$/)).toBeVisible({ timeout: 15_000 });
}

/** Signs in through the fake Discord page in the given page; false when the sign-in was refused. */
async function signIn(page: Page, username: string) {
  await page.goto(`${BASE_URL}/`);
  await logInLink(page).click();
  await page.getByRole('button', { name: new RegExp(`^Continue as ${username}\\b`) }).click();
}

/** A browser context of its own, signed in as `username`. */
async function signedInContext(
  browser: Browser,
  username: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, username);
  // The first sign-ins of a cold server on a busy machine can take a while.
  await expect(page).toHaveURL(/\/shop$/, { timeout: 30_000 });
  await expectSignedIn(page);
  return { context, page };
}

/** /admin's users section searched for `search`. */
async function openUsers(page: Page, search: string) {
  await page.goto(`${BASE_URL}/admin?section=users&q=${encodeURIComponent(search)}`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('button', { name: /^Manage / }).first()).toBeVisible();
  return table;
}

/** Opens the user panel of `user` from the users section. */
async function openPanel(page: Page, user: { id: number; username: string; displayName: string }) {
  const table = await openUsers(page, String(user.id));
  await table.getByRole('button', { name: `Manage ${user.displayName} (${user.username})` }).click();
  const panel = page.getByRole('dialog', {
    name: `Manage ${user.displayName} (${user.username}) #${user.id}`,
  });
  await expect(panel).toBeVisible();
  return panel;
}

/** A fact of the panel's account list, e.g. 'Balance'. */
const fact = (panel: Locator, term: string) =>
  panel.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');

const creditsOf = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** How many subscriptions the open panel lists (the whole list, on one page). */
async function subscriptionRows(panel: Locator) {
  const table = panel.getByRole('table', { name: 'Subscriptions of the user' });
  const empty = panel.getByText('No subscriptions.');
  await expect(table.getByRole('radio').first().or(empty)).toBeVisible();
  if (await empty.isVisible()) return 0;
  return table.getByRole('radio').count();
}

test('admin bans, unbans, adds VIP to and transfers customer; the audit trail shows all four', async ({
  browser,
}) => {
  const admin = await signedInContext(browser, 'admin');
  const customer = await signedInContext(browser, 'customer');
  const page = admin.page;

  await test.step('ban: customer is signed out on the next call and cannot sign in', async () => {
    const panel = await openPanel(page, CUSTOMER);
    await panel.getByRole('button', { name: 'Ban', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Ban customer?' });
    await expect(confirm).toContainText(
      'Casey Customer (customer) #10 is signed out everywhere, including the game client',
    );
    await confirm.getByRole('button', { name: 'Ban' }).click();
    await expect(toast(page, 'User banned successfully!')).toBeVisible();
    await expect(fact(panel, 'Status')).toHaveText('Banned');

    await customer.page.goto(`${BASE_URL}/account`);
    await expect(logInLink(customer.page)).toBeVisible({ timeout: 15_000 });
    await signIn(customer.page, 'customer');
    await expect(customer.page.getByRole('alert').filter({ hasText: /banned/i })).toBeVisible();
    await expect(logInLink(customer.page)).toBeVisible();
  });

  await test.step('unban: customer can sign in again', async () => {
    const panel = await openPanel(page, CUSTOMER);
    await panel.getByRole('button', { name: 'Unban' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unban customer?' });
    await confirm.getByRole('button', { name: 'Unban' }).click();
    await expect(toast(page, 'User unbanned successfully!')).toBeVisible();
    await expect(fact(panel, 'Status')).toHaveText('Active');

    await signIn(customer.page, 'customer');
    // Back where the session ended (/account), signed in.
    await expect(customer.page).toHaveURL(/\/(shop|account)$/, { timeout: 30_000 });
    await expectSignedIn(customer.page);
  });

  await test.step('2 Days of VIP: the gem appears for customer', async () => {
    const trigger = mainNav(customer.page).getByRole('button', { name: /Casey Customer$/ });
    await expect(trigger.getByRole('img', { name: 'VIP' })).toHaveCount(0);

    // The toolbar's Add VIP acts on the picked row.
    const table = await openUsers(page, String(CUSTOMER.id));
    await page.getByRole('button', { name: 'Add VIP' }).click();
    await expect(toast(page, 'No user selected')).toBeVisible();
    await table.getByRole('radio', { name: 'Pick customer' }).check();
    await page.getByRole('button', { name: 'Add VIP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add VIP to customer' });
    await dialog.getByLabel('Amount').fill('2');
    await dialog.getByRole('button', { name: 'Add VIP' }).click();
    await expect(dialog.getByText('Invalid unit provided')).toBeVisible();
    await dialog.getByLabel('Unit').selectOption('Days');
    await dialog.getByRole('button', { name: 'Add VIP' }).click();
    await expect(toast(page, 'VIP added successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(
      table.getByRole('row').filter({ hasText: '#10' }).getByRole('img', { name: 'VIP' }),
    ).toBeVisible();

    await customer.page.goto(`${BASE_URL}/account`);
    await expect(
      mainNav(customer.page)
        .getByRole('button', { name: /Casey Customer$/ })
        .getByRole('img', { name: 'VIP' }),
    ).toBeVisible({ timeout: 15_000 });
  });

  await test.step('transfer customer to vip: the subscriptions and the balance move', async () => {
    let panel = await openPanel(page, VIP);
    const vipBalance = creditsOf(await fact(panel, 'Balance').textContent());
    const vipSubscriptions = await subscriptionRows(panel);
    await panel.getByRole('button', { name: 'Close' }).click();

    panel = await openPanel(page, CUSTOMER);
    const customerBalance = creditsOf(await fact(panel, 'Balance').textContent());
    const customerSubscriptions = await subscriptionRows(panel);
    expect(customerSubscriptions).toBeGreaterThan(0);
    expect(customerBalance).toBeGreaterThan(0);

    await panel.getByRole('button', { name: 'Transfer account' }).click();
    const dialog = page.getByRole('dialog', { name: "Transfer customer's account" });
    await dialog.getByLabel('Target user ID').fill('nine');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('User ID is not a number')).toBeVisible();
    await dialog.getByLabel('Target user ID').fill(String(VIP.id));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Transfer this account?' });
    await expect(confirm).toContainText('Casey Customer (customer) #10');
    await expect(confirm).toContainText('Vera VIP (vip) #9');
    await expect(confirm).toContainText('account is then disabled');
    await confirm.getByRole('button', { name: 'Transfer' }).click();
    await expect(toast(page, 'Account transferred successfully!')).toBeVisible();

    const result = panel.getByRole('status', { name: 'Account transfer result' });
    await expect(result).toContainText('Transferred to Vera VIP (vip) #9');
    await expect(fact(result, 'Subscriptions')).toHaveText(String(customerSubscriptions));
    await expect(fact(result, 'Credits')).toHaveText(
      new RegExp(`^${customerBalance.toLocaleString('en-US')} credits?$`),
    );
    await expect(fact(panel, 'Status')).toHaveText('Transferred \u2192 #9');
    await expect(fact(panel, 'Balance')).toHaveText('0 credits');
    await expect(panel.getByText('No subscriptions.')).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();

    panel = await openPanel(page, VIP);
    await expect(fact(panel, 'Balance')).toHaveText(
      `${(vipBalance + customerBalance).toLocaleString('en-US')} credits`,
    );
    expect(await subscriptionRows(panel)).toBe(vipSubscriptions + customerSubscriptions);
    await panel.getByRole('button', { name: 'Close' }).click();

    // The target's own account shows the credits.
    const vip = await signedInContext(browser, 'vip');
    await expect(
      mainNav(vip.page).getByText(`Credits: ${(vipBalance + customerBalance).toLocaleString('en-US')}`),
    ).toBeVisible();
    await vip.context.close();
  });

  await test.step('the audit trail shows all four on customer, with before and after', async () => {
    await page.goto(`${BASE_URL}/admin?section=audit-trail`);
    await page.getByLabel('Target', { exact: true }).selectOption({ label: 'User' });
    await page.getByLabel('Target ID').fill(String(CUSTOMER.id));
    const table = page.getByRole('table', { name: 'Audit trail' });
    /** The event's details dialog, by its words; its "Changes" shown open. */
    async function changesOf(label: string) {
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: `Details of ${label}` }).click();
      const dialog = page.getByRole('dialog', { name: label });
      const details = dialog.locator('details');
      await expect(details.locator('dl')).toBeVisible();
      return { dialog, details };
    }
    /** One field's line: its name, then its value before and after. */
    const field = (details: Locator, name: string) =>
      details.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) });
    const close = async (dialog: Locator) => {
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await expect(dialog).toBeHidden();
    };

    const ban = await changesOf('Banned Casey Customer');
    await expect(ban.dialog).toContainText('user:ban');
    await expect(field(ban.details, 'enabled')).toHaveText(/^enabledbefore: trueafter: false$/);
    await close(ban.dialog);
    const unban = await changesOf('Unbanned Casey Customer');
    await expect(field(unban.details, 'enabled')).toHaveText(/^enabledbefore: falseafter: true$/);
    await close(unban.dialog);
    for (const label of ['Gave VIP to Casey Customer', 'Transferred the account of Casey Customer']) {
      const { dialog, details } = await changesOf(label);
      await expect(
        details
          .locator('dd')
          .filter({ hasText: /^before: / })
          .first(),
      ).toBeVisible();
      await expect(
        details
          .locator('dd')
          .filter({ hasText: /^after: / })
          .first(),
      ).toBeVisible();
      await close(dialog);
    }
  });

  await customer.context.close();
  await admin.context.close();
});

test('the users section and an open user panel: axe clean at 375 and 1280 px', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, 'admin');
  await openUsers(page, '');
  await shootAtBothWidths(page, 'admin-users');
  const panel = await openPanel(page, VIP);
  await expect(
    panel.getByRole('table', { name: 'Subscriptions of the user' }).getByRole('radio').first(),
  ).toBeVisible();
  await shootAtBothWidths(page, 'admin-user-panel');
  await context.close();
});
