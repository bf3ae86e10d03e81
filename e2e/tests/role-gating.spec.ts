import { storedSessionOf } from '../support/stored-sessions.ts';
import { expect, type Page, test } from '../support/test.ts';

// Spec §2: a signed-in user opening a page their roles do not allow goes to /account. Relies on the
// demo accounts (packages/db/src/seed/demo-accounts.ts): customer has only CUSTOMER, admin has
// CUSTOMER + ADMIN. Each test starts from the account's stored session (e2e/setup/auth.setup.ts)
// and opens pages by URL.

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function expectOnAccountPage(page: Page) {
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: /^My Account/ })).toBeVisible();
}

async function expectToStayOn(page: Page, route: string, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(route);
}

test.describe('a signed-in customer', () => {
  test.use({ storageState: storedSessionOf('customer'), viewport: { width: 1280, height: 900 } });

  for (const route of ['/admin', '/owner', '/orders', '/developer', '/developer/plan/1/price/1']) {
    test(`opening ${route} lands on /account`, async ({ page }) => {
      await page.goto(route);
      await expectOnAccountPage(page);
    });
  }

  test('Back from /account does not return to the refused page', async ({ page }) => {
    await page.goto('/shop');
    await page.goto('/admin');
    await expectOnAccountPage(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('may open /session-logs, which has no role check (spec §6)', async ({ page }) => {
    await page.goto('/session-logs');
    await expectToStayOn(page, '/session-logs', 'Session logs');
  });
});

test.describe('a signed-in admin', () => {
  test.use({ storageState: storedSessionOf('admin'), viewport: { width: 1280, height: 900 } });

  test('opening /admin stays on the Admin Panel', async ({ page }) => {
    await page.goto('/admin');
    await expectToStayOn(page, '/admin', 'Admin Panel');
  });

  test('reaches /admin from the user menu', async ({ page }) => {
    await page.goto('/shop');
    await mainNav(page)
      .getByRole('button', { name: /Ada Admin$/ })
      .hover();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Admin Panel' }).click();
    await expectToStayOn(page, '/admin', 'Admin Panel');
  });

  test('may open any plan dashboard, but not the owner panel', async ({ page }) => {
    await page.goto('/developer/plan/1');
    // Plan 1 (Rooftop Runner) belongs to another developer.
    await expectToStayOn(page, '/developer/plan/1', 'Rooftop Runner');
    await page.goto('/owner');
    await expectOnAccountPage(page);
  });
});
