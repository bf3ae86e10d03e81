import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';

/**
 * DESIGN conv. 8: every demo account logs in through the fake Discord page once (e2e/setup/auth.setup.ts,
 * the `setup` project) and the tests reuse the stored session cookies. Tests of the sign-in flow
 * itself still click through it. The files live in e2e/.auth/<port> (gitignored).
 */
export const SIGNED_IN_ACCOUNTS = [
  'owner',
  'admin',
  'payments',
  'staff',
  'developer',
  'premium',
  'vip',
  'customer',
] as const;
export type SignedInAccount = (typeof SIGNED_IN_ACCOUNTS)[number];

// One folder per server port: two runs side by side (E2E_PORT) each keep the sessions of their own
// server's database.
const AUTH_DIR = path.join(import.meta.dirname, '..', '.auth', process.env.E2E_PORT ?? '3123');

/** The stored state file of an account, for `test.use({ storageState })` or `browser.newContext`. */
export const storedSessionOf = (username: SignedInAccount) => path.join(AUTH_DIR, `${username}.json`);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Waits until the page shows the restored session (the nav's credit balance). */
export async function expectSignedIn(page: Page) {
  await expect(mainNav(page).getByText(/^Credits: [\d,]+$/)).toBeVisible();
}

/**
 * Gives `page`'s browser context the stored session of `username`, then opens `url` (/shop unless
 * the test starts elsewhere: a page load only to leave it cost the browser's CPU, decision 0076)
 * signed in.
 */
export async function useStoredSession(page: Page, username: SignedInAccount, url = '/shop') {
  await addStoredSession(page, username);
  await page.goto(url);
  await expectSignedIn(page);
}

/**
 * Gives `page`'s browser context the stored session of `username` without loading a page: for a
 * test (or each test of a `beforeEach`) that opens its own first page.
 */
export async function addStoredSession(page: Page, username: SignedInAccount) {
  const { cookies } = JSON.parse(readFileSync(storedSessionOf(username), 'utf8'));
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

/** A new browser context (1280 x 900) with the stored session of `username`, on `url` (/shop). */
export async function signedInPage(
  browser: Browser,
  username: SignedInAccount,
  url = '/shop',
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: storedSessionOf(username),
  });
  const page = await context.newPage();
  await page.goto(url);
  await expectSignedIn(page);
  return page;
}
