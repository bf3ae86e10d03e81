import { saveScreenshot } from '../support/screenshots.ts';
import { useStoredSession } from '../support/stored-sessions.ts';
import { expect, type Page, test } from '../support/test.ts';

const LOGIN_FAILED = 'Login failed. Make sure you have joined our Discord server before logging in.';
const ALL_PANELS = ['My Account', 'Owner Panel', 'Admin Panel', 'Dev Panel', 'Session logs', 'Orders'];

/** The demo accounts of DESIGN §5 that can sign in, their display names and their dashboard links. */
const ACCOUNTS = [
  { username: 'owner', displayName: 'Ember', panels: ALL_PANELS },
  { username: 'admin', displayName: 'Ada Admin', panels: ['My Account', 'Admin Panel'] },
  { username: 'payments', displayName: 'Penny Payments', panels: ['My Account', 'Orders'] },
  { username: 'staff', displayName: 'Stan Staff', panels: ['My Account', 'Session logs'] },
  { username: 'developer', displayName: 'Devon Developer', panels: ['My Account', 'Dev Panel'] },
  { username: 'premium', displayName: 'Priya Premium', panels: ['My Account', 'Dev Panel'] },
  { username: 'vip', displayName: 'Vera VIP', panels: ['My Account'], vip: true },
  { username: 'customer', displayName: 'Casey Customer', panels: ['My Account'] },
] as const;

/**
 * Signing in through the provider's page is one path whatever the account's roles: it is clicked
 * through for owner (every dashboard) and vip (the gem), and by the tests below that sign in from a
 * page; the other accounts' menus are read from their stored sessions (one page load, not three).
 */
const SIGNS_IN_THROUGH_THE_PAGES: ReadonlySet<string> = new Set(['owner', 'vip']);

/** Full-page by default; `fullPage: false` for fixed overlays (the mobile menu), which a full-page shot stretches. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await saveScreenshot(page, name, { fullPage });
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The fake provider's consent button for one demo account ("Continue as owner" + a note). */
const continueAs = (page: Page, username: string) =>
  page.getByRole('button', { name: new RegExp(`^Continue as ${username}\\b`) });

/** Log in from the current page's nav, then pick the demo account on the fake provider page. */
async function logInAs(page: Page, username: string) {
  await mainNav(page).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/fake-discord\/oauth2\/authorize\?/);
  await continueAs(page, username).click();
}

/** The user dropdown's trigger (the display name, with the gem for VIPs). */
const userMenuButton = (page: Page, displayName: string) =>
  mainNav(page).getByRole('button', { name: new RegExp(`${displayName}$`) });

async function openUserMenu(page: Page, displayName: string) {
  await userMenuButton(page, displayName).hover();
  const menu = page.getByRole('list', { name: 'Account' });
  await expect(menu).toBeVisible();
  return menu;
}

// These tests exercise the sign-in flow itself, so most click through the fake provider page; the
// others start from a stored session (e2e/setup/auth.setup.ts).
test.describe('sign-in with the fake Discord provider', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('the Log in button leads to the provider page with one button per demo account', async ({ page }) => {
    await page.goto('/');
    await mainNav(page).getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: /Sign in to/ })).toBeVisible();
    for (const username of ['owner', 'customer', 'banned', 'outsider']) {
      await expect(continueAs(page, username)).toBeVisible();
    }
    await shoot(page, 'sign-in-provider');
  });

  for (const account of ACCOUNTS) {
    const clicksThrough = SIGNS_IN_THROUGH_THE_PAGES.has(account.username);
    const title = clicksThrough
      ? `${account.username} signs in, lands on /shop and sees exactly their dashboards`
      : `${account.username} sees exactly their dashboards`;
    test(title, async ({ page }) => {
      if (clicksThrough) {
        await page.goto('/');
        await logInAs(page, account.username);
        await expect(page).toHaveURL(/\/shop$/);
      } else {
        await useStoredSession(page, account.username);
      }

      const trigger = userMenuButton(page, account.displayName);
      await expect(trigger).toBeVisible();
      await expect(mainNav(page).getByText(/^Credits: [\d,]+$/)).toBeVisible();
      await expect(mainNav(page).getByRole('button', { name: 'Purchase' })).toBeVisible();
      await expect(mainNav(page).getByRole('button', { name: 'Download' })).toBeVisible();
      await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);

      const gem = trigger.getByRole('img', { name: 'VIP' });
      if ('vip' in account) {
        await expect(gem).toBeVisible();
        await expect(trigger).toHaveAccessibleName(`VIP ${account.displayName}`);
        await saveScreenshot(mainNav(page), 'signed-in-1280-vip-nav');
      } else {
        await expect(gem).toHaveCount(0);
      }

      const menu = await openUserMenu(page, account.displayName);
      await expect(menu.getByRole('link')).toHaveText([...account.panels]);
      await expect(menu.getByRole('button', { name: 'Log out of this device' })).toBeVisible();
      if (account.username === 'owner') await shoot(page, 'signed-in-1280-user-menu');
    });
  }

  test('a non-member (outsider) is told to join the Discord server and stays a guest', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await logInAs(page, 'outsider');
    await expect(page.getByText(LOGIN_FAILED, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('refresh');
    expect(names).not.toContain('token');
    await shoot(page, 'sign-in-outsider-toast', { fullPage: false });
  });

  test('a banned account is told so and stays a guest', async ({ page }) => {
    await page.goto('/');
    await logInAs(page, 'banned');
    await expect(page.getByRole('alert').filter({ hasText: /banned/i })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('Log out removes the session and shows the guest view', async ({ page, context }) => {
    await page.goto('/');
    await logInAs(page, 'customer');
    await expect(page).toHaveURL(/\/shop$/);
    const menu = await openUserMenu(page, 'Casey Customer');
    await menu.getByRole('button', { name: 'Log out of this device' }).click();
    await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(userMenuButton(page, 'Casey Customer')).toHaveCount(0);
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('token');
    expect(names).not.toContain('refresh');
    // Still a guest after another reload.
    await page.reload();
    await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a guest opening /account lands on /', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('a signed-in user opening / (new page load) lands on /shop', async ({ page }) => {
    await useStoredSession(page, 'customer', '/');
    await expect(page).toHaveURL(/\/shop$/);
    await expect(userMenuButton(page, 'Casey Customer')).toBeVisible();
    // A members-only page opened directly waits for the session check instead of bouncing.
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('a guest who opened /vip lands on /vip after logging in', async ({ page }) => {
    await page.goto('/vip');
    await expect(page).toHaveURL(/\/$/);
    await logInAs(page, 'vip');
    await expect(page).toHaveURL(/\/vip$/);
    await expect(userMenuButton(page, 'Vera VIP')).toBeVisible();
  });

  test('the mobile menu shows the name, balance, dashboards and Log out', async ({ page }) => {
    await useStoredSession(page, 'owner');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByLabel('Open menu').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Ember', { exact: true })).toBeVisible();
    await expect(menu.getByText(/^Credits: [\d,]+$/)).toBeVisible();
    for (const panel of ALL_PANELS) await expect(menu.getByRole('link', { name: panel })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Log out of this device' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Download' })).toHaveCount(0);
    await shoot(page, 'signed-in-375-menu', { fullPage: false });
  });
});
