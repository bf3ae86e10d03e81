import { type Account, signInContext, test } from '../support/accounts.ts';
import { shootAtBothWidths } from '../support/axe.ts';
import { signedInPage } from '../support/stored-sessions.ts';
import { expect, type Locator, type Page } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// The admins' user management (issue 20 acceptance): the journey bans, unbans, gives VIP to and
// finally transfers away an account of its own, to another of its own (e2e/support/accounts.ts,
// decision 0048), so it shares the server with every other spec and changes nothing they read.

test.describe.configure({ timeout: scaled(60_000) });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const toast = (page: Page, message: string) => page.getByText(message, { exact: true }).first();
const logInLink = (page: Page) => mainNav(page).getByRole('link', { name: 'Log in' });

async function expectSignedIn(page: Page) {
  await expect(mainNav(page).getByText(/^Credits: [\d,]+$/)).toBeVisible();
}

/** Signs in on the development Discord page as the same Discord user again, by name. */
async function signInAgain(page: Page, account: Account) {
  await page.goto('/');
  await logInLink(page).click();
  await page.getByLabel(/^Another Discord user/).fill(account.username);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** What the panel and its dialogs call an account: "Name (username) #id". */
const named = (account: Account) => `${account.displayName} (${account.username}) #${account.id}`;

/** /admin's users section searched for `search`. */
async function openUsers(page: Page, search: string) {
  await page.goto(`/admin?section=users&q=${encodeURIComponent(search)}`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('button', { name: /^Manage / }).first()).toBeVisible();
  return table;
}

/** Opens the user panel of `user` from the users section. */
async function openPanel(page: Page, user: Account) {
  const table = await openUsers(page, String(user.id));
  await table.getByRole('button', { name: `Manage ${user.displayName} (${user.username})` }).click();
  const panel = page.getByRole('dialog', {
    name: `Manage ${named(user)}`,
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

/** The audit trail filtered to `account`: the details of the event called `label`, its changes open. */
async function auditEvent(page: Page, account: Account, label: string) {
  await page.goto('/admin?section=audit-trail');
  await page.getByLabel('Target', { exact: true }).selectOption({ label: 'User' });
  await page.getByLabel('Target ID').fill(String(account.id));
  const table = page.getByRole('table', { name: 'Audit trail' });
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

/** One field's line of an event's changes: its name, then its value before and after. */
const field = (page: Page, details: Locator, name: string) =>
  details.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) });

const closeDialog = async (dialog: Locator) => {
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
};

/** The event shows values before and after. */
async function expectBeforeAndAfter(details: Locator) {
  for (const side of [/^before: /, /^after: /])
    await expect(details.locator('dd').filter({ hasText: side }).first()).toBeVisible();
}

test('admin bans an account: it is signed out and refused at sign-in; unbanned, it signs in; the audit trail has both', async ({
  browser,
  signedInAccount,
}) => {
  const page = await signedInPage(browser, 'admin');
  const account = await signedInAccount({ displayName: 'Casey Banned' });
  const panel = await openPanel(page, account);
  await panel.getByRole('button', { name: 'Ban', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Ban ${account.username}?` });
  await expect(confirm).toContainText(
    `${named(account)} is signed out everywhere, including the game client`,
  );
  await confirm.getByRole('button', { name: 'Ban' }).click();
  await expect(toast(page, 'User banned successfully!')).toBeVisible();
  await expect(fact(panel, 'Status')).toHaveText('Banned');

  await account.page.goto('/account');
  await expect(logInLink(account.page)).toBeVisible();
  await signInAgain(account.page, account);
  await expect(account.page.getByRole('alert').filter({ hasText: /banned/i })).toBeVisible();
  await expect(logInLink(account.page)).toBeVisible();

  const unbanPanel = await openPanel(page, account);
  await unbanPanel.getByRole('button', { name: 'Unban' }).click();
  await page
    .getByRole('dialog', { name: `Unban ${account.username}?` })
    .getByRole('button', { name: 'Unban' })
    .click();
  await expect(toast(page, 'User unbanned successfully!')).toBeVisible();
  await expect(fact(unbanPanel, 'Status')).toHaveText('Active');

  await signInAgain(account.page, account);
  // Back where the session ended (/account), signed in.
  await expect(account.page).toHaveURL(/\/(shop|account)$/);
  await expectSignedIn(account.page);

  const ban = await auditEvent(page, account, 'Banned Casey Banned');
  await expect(ban.dialog).toContainText('user:ban');
  await expect(field(page, ban.details, 'enabled')).toHaveText(/^enabledbefore: trueafter: false$/);
  await closeDialog(ban.dialog);
  const unban = await auditEvent(page, account, 'Unbanned Casey Banned');
  await expect(field(page, unban.details, 'enabled')).toHaveText(/^enabledbefore: falseafter: true$/);
  await page.context().close();
});

test('admin adds 2 days of VIP from the users toolbar: the gem appears for the account, and in the audit trail', async ({
  browser,
  signedInAccount,
}) => {
  const page = await signedInPage(browser, 'admin');
  const account = await signedInAccount({ displayName: 'Casey Transfer' });
  const trigger = mainNav(account.page).getByRole('button', { name: /Casey Transfer$/ });
  await expect(trigger.getByRole('img', { name: 'VIP' })).toHaveCount(0);

  // The toolbar's Add VIP acts on the picked row.
  const table = await openUsers(page, String(account.id));
  await page.getByRole('button', { name: 'Add VIP' }).click();
  await expect(toast(page, 'No user selected')).toBeVisible();
  await table.getByRole('radio', { name: `Pick ${account.username}` }).check();
  await page.getByRole('button', { name: 'Add VIP' }).click();
  const dialog = page.getByRole('dialog', { name: `Add VIP to ${account.username}` });
  await dialog.getByLabel('Amount').fill('2');
  await dialog.getByRole('button', { name: 'Add VIP' }).click();
  await expect(dialog.getByText('Invalid unit provided')).toBeVisible();
  await dialog.getByLabel('Unit').selectOption('Days');
  await dialog.getByRole('button', { name: 'Add VIP' }).click();
  await expect(toast(page, 'VIP added successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: `#${account.id}` })
      .getByRole('img', { name: 'VIP' }),
  ).toBeVisible();

  await account.page.goto('/account');
  await expect(
    mainNav(account.page)
      .getByRole('button', { name: /Casey Transfer$/ })
      .getByRole('img', { name: 'VIP' }),
  ).toBeVisible();

  await expectBeforeAndAfter((await auditEvent(page, account, 'Gave VIP to Casey Transfer')).details);
  await page.context().close();
});

test('admin transfers an account to another: the subscriptions and the balance move, as the audit trail says', async ({
  browser,
  newAccount,
}) => {
  const page = await signedInPage(browser, 'admin');
  const account = await newAccount({ credits: 1_234, subscriptions: 2, displayName: 'Casey Transfer' });
  const receiver = await newAccount({ credits: 500, subscriptions: 1, displayName: 'Vera Target' });
  let panel = await openPanel(page, receiver);
  const receiverBalance = creditsOf(await fact(panel, 'Balance').textContent());
  const receiverSubscriptions = await subscriptionRows(panel);
  await panel.getByRole('button', { name: 'Close' }).click();

  panel = await openPanel(page, account);
  const accountBalance = creditsOf(await fact(panel, 'Balance').textContent());
  const accountSubscriptions = await subscriptionRows(panel);
  expect(accountSubscriptions).toBeGreaterThan(0);
  expect(accountBalance).toBeGreaterThan(0);

  await panel.getByRole('button', { name: 'Transfer account' }).click();
  const dialog = page.getByRole('dialog', { name: `Transfer ${account.username}'s account` });
  await dialog.getByLabel('Target user ID').fill('nine');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('User ID is not a number')).toBeVisible();
  await dialog.getByLabel('Target user ID').fill(String(receiver.id));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Transfer this account?' });
  await expect(confirm).toContainText(named(account));
  await expect(confirm).toContainText(named(receiver));
  await expect(confirm).toContainText('account is then disabled');
  await confirm.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'Account transferred successfully!')).toBeVisible();

  const result = panel.getByRole('status', { name: 'Account transfer result' });
  await expect(result).toContainText(`Transferred to ${named(receiver)}`);
  await expect(fact(result, 'Subscriptions')).toHaveText(String(accountSubscriptions));
  await expect(fact(result, 'Credits')).toHaveText(
    new RegExp(`^${accountBalance.toLocaleString('en-US')} credits?$`),
  );
  await expect(fact(panel, 'Status')).toHaveText(`Transferred \u2192 #${receiver.id}`);
  await expect(fact(panel, 'Balance')).toHaveText('0 credits');
  await expect(panel.getByText('No subscriptions.')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();

  panel = await openPanel(page, receiver);
  await expect(fact(panel, 'Balance')).toHaveText(
    `${(receiverBalance + accountBalance).toLocaleString('en-US')} credits`,
  );
  expect(await subscriptionRows(panel)).toBe(receiverSubscriptions + accountSubscriptions);
  await panel.getByRole('button', { name: 'Close' }).click();

  // The target's own account shows the credits.
  const receiverContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(receiverContext, receiver);
  const receiverPage = await receiverContext.newPage();
  await receiverPage.goto('/shop');
  await expect(
    mainNav(receiverPage).getByText(`Credits: ${(receiverBalance + accountBalance).toLocaleString('en-US')}`),
  ).toBeVisible();
  await receiverContext.close();

  await expectBeforeAndAfter(
    (await auditEvent(page, account, 'Transferred the account of Casey Transfer')).details,
  );
  await page.context().close();
});

test('the users section and an open user panel: axe clean at 375 and 1280 px', async ({
  browser,
  newAccount,
}) => {
  const page = await signedInPage(browser, 'admin');
  await openUsers(page, '');
  await shootAtBothWidths(page, 'admin-users');
  const panel = await openPanel(page, await newAccount({ subscriptions: 2, vipDays: 30 }));
  await expect(
    panel.getByRole('table', { name: 'Subscriptions of the user' }).getByRole('radio').first(),
  ).toBeVisible();
  await shootAtBothWidths(page, 'admin-user-panel');
  await page.context().close();
});
