import { type Browser, expect, type Page, test } from '@playwright/test';

// Spec §2: a signed-in user opening a page their roles do not allow goes to /account. Relies on the
// demo accounts (packages/db/src/seed/demo-accounts.ts): customer has only CUSTOMER, admin has
// CUSTOMER + ADMIN. Each account signs in once; its tests then open pages by URL in that page.

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Log in' }).click();
  await page.getByRole('button', { name: new RegExp(`^Continue as ${username}\\b`) }).click();
  await expect(page).toHaveURL(/\/shop$/);
  return page;
}

async function expectOnAccountPage(page: Page) {
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: /^My Account/ })).toBeVisible();
}

async function expectToStayOn(page: Page, route: string, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(route);
}

test.describe.configure({ mode: 'serial' });

test.describe('a signed-in customer', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await signedInPage(browser, 'customer');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  for (const route of ['/admin', '/owner', '/orders', '/developer', '/developer/plan/1/price/1']) {
    test(`opening ${route} lands on /account`, async () => {
      await page.goto(route);
      await expectOnAccountPage(page);
    });
  }

  test('Back from /account does not return to the refused page', async () => {
    await page.goto('/shop');
    await page.goto('/admin');
    await expectOnAccountPage(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('may open /session-logs, which has no role check (spec §6)', async () => {
    await page.goto('/session-logs');
    await expectToStayOn(page, '/session-logs', 'Session logs');
  });
});

test.describe('a signed-in admin', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await signedInPage(browser, 'admin');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('opening /admin stays on the Admin Panel', async () => {
    await page.goto('/admin');
    await expectToStayOn(page, '/admin', 'Admin Panel');
  });

  test('reaches /admin from the user menu', async () => {
    await page.goto('/shop');
    await mainNav(page)
      .getByRole('button', { name: /Ada Admin$/ })
      .hover();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Admin Panel' }).click();
    await expectToStayOn(page, '/admin', 'Admin Panel');
  });

  test('may open any plan dashboard, but not the owner panel', async () => {
    await page.goto('/developer/plan/1');
    await expectToStayOn(page, '/developer/plan/1', 'Plan dashboard');
    await page.goto('/owner');
    await expectOnAccountPage(page);
  });
});
