import { ACCOUNT_HELD_MESSAGE } from '@ember/contracts/commerce';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { DeviceCode } from '../../apps/client/src/client-api.ts';
import type { EmberClient } from '../../apps/client/src/ember-client.ts';
import { shootAtBothWidths } from '../support/axe.ts';
import { newGameClient } from '../support/game-client.ts';
import { recordRemovedHeadings, removedHeadings } from '../support/redraws.ts';
import { storedSessionOf } from '../support/stored-sessions.ts';
import { expect, test } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 34, items 1 and 2. The link `npm run client -- login` prints (…/device?code=BCDF-GHJK) is
// opened by a guest more often than not: they see the code and one Log in, sign in through the
// development Discord sign-in page, land back on the approval and approve, and the reference
// client's login completes. The page is server-rendered for a guest, so the prompt and its link work
// without JavaScript. `staff` signs the clients in: no other spec counts staff's client tokens.

test.describe.configure({ timeout: scaled(60_000) });

const clientName = (what: string) => `E2E ${what} ${Date.now().toString(36)}`;

/** A fresh reference client asking to sign in: its code, and its login, which ends once approved. */
async function clientAskingToSignIn(baseURL: string, name: string) {
  const { client } = newGameClient(baseURL);
  let showCode: (code: DeviceCode) => void = () => {};
  const shown = new Promise<DeviceCode>((resolve) => {
    showCode = resolve;
  });
  const signedIn = client.login({ clientName: name, onCode: showCode });
  return { client, code: await shown, signedIn };
}

const prompt = (page: Page, code: string) =>
  page.getByRole('heading', { level: 2, name: `Sign in to approve the game client — code ${code}` });
const logIn = (page: Page) => page.getByRole('main').getByRole('link', { name: 'Log in' });

/** On the development Discord sign-in page: Continue as `username`. */
async function continueAs(page: Page, username: string) {
  await page.getByRole('button', { name: new RegExp(`^Continue as ${username}\\b`) }).click();
}

/** Approves the request on /device and waits for the client to have signed in as `username`'s account. */
async function approveAndExpectSignedIn(
  page: Page,
  { client, code, signedIn }: { client: EmberClient; code: DeviceCode; signedIn: Promise<unknown> },
  name: string,
) {
  await expect(page).toHaveURL(code.verification_uri_complete);
  await expect(page.getByTestId('device-client')).toHaveText(name);
  await expect(page.getByText(code.user_code, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('device-outcome')).toContainText('Device approved!');
  await signedIn;
  expect((await client.state()).token).toMatch(/^emc_[\w-]{43}$/);
  expect((await client.verifiedManifest()).plugins).toBeInstanceOf(Array);
}

async function phone(
  browser: Browser,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 375, height: 800 }, ...options });
}

test('a guest opens the client’s link at 375 px, logs in, lands back on the approval and the client signs in', async ({
  browser,
  baseURL,
}) => {
  const name = clientName('guest link');
  const asking = await clientAskingToSignIn(baseURL ?? '', name);
  const context = await phone(browser);
  const page = await context.newPage();

  await page.goto(asking.code.verification_uri_complete);
  await expect(prompt(page, asking.code.user_code)).toBeVisible();
  await expect(logIn(page)).toBeVisible();
  await expect(page).toHaveURL(asking.code.verification_uri_complete); // not sent to /
  await shootAtBothWidths(page, 'device-guest');
  await page.setViewportSize({ width: 375, height: 800 });

  await logIn(page).click();
  await continueAs(page, 'staff');
  await approveAndExpectSignedIn(page, asking, name);
  await context.close();
});

test('without JavaScript the prompt, the code and its Log in work up to the sign-in', async ({
  browser,
  baseURL,
}) => {
  const name = clientName('no script');
  const asking = await clientAskingToSignIn(baseURL ?? '', name);
  const noScript = await phone(browser, { javaScriptEnabled: false });
  const page = await noScript.newPage();

  await page.goto(asking.code.verification_uri_complete);
  await expect(prompt(page, asking.code.user_code)).toBeVisible();
  await expect(logIn(page)).toBeVisible();
  await logIn(page).click();
  // The development Discord sign-in page: a plain form, no script needed either.
  await expect(page.getByRole('button', { name: /^Continue as staff\b/ })).toBeVisible();
  const redirectUri = (await noScript.cookies()).find((cookie) => cookie.name === 'redirectUri');
  expect(decodeURIComponent(redirectUri?.value ?? '')).toBe(
    new URL(asking.code.verification_uri_complete).pathname +
      new URL(asking.code.verification_uri_complete).search,
  );

  // The page after Discord (/oauth2) is the app: the same browser, now with JavaScript, goes on.
  const withScript = await browser.newContext({
    viewport: { width: 375, height: 800 },
    storageState: await noScript.storageState(),
  });
  const next = await withScript.newPage();
  await next.goto(page.url());
  await continueAs(next, 'staff');
  await approveAndExpectSignedIn(next, asking, name);
  await noScript.close();
  await withScript.close();
});

test('the server renders the prompt, and the app takes it over without drawing it again', async ({
  page,
  request,
}) => {
  // React marks where text nodes meet with empty comments.
  const html = (await (await request.get('/device?code=bcdf-ghjk')).text()).replaceAll('<!-- -->', '');
  expect(html).toMatch(/Sign in to approve the game client — code <span[^>]*>BCDF-GHJK<\/span>/);
  expect(html).toContain('href="/api/identity/discord/authorize?returnTo=%2Fdevice%3Fcode%3Dbcdf-ghjk"');

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await recordRemovedHeadings(page, 'h1, h2');
  await page.goto('/device?code=bcdf-ghjk');
  await expect(prompt(page, 'BCDF-GHJK')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await removedHeadings(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('signed in, /device is axe clean at 375 and 1280 px, asking and approved', async ({
  browser,
  baseURL,
}) => {
  const name = clientName('signed in axe');
  const asking = await clientAskingToSignIn(baseURL ?? '', name);
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    storageState: storedSessionOf('staff'),
  });
  const page = await context.newPage();
  await page.goto(asking.code.verification_uri_complete);
  await expect(page.getByTestId('device-client')).toHaveText(name);
  await shootAtBothWidths(page, 'device-signed-in');
  await approveAndExpectSignedIn(page, asking, name);
  await shootAtBothWidths(page, 'device-approved');
  await context.close();
});

test('a guest sent away from a members-only page is told why on arrival', async ({ page }) => {
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  for (const [address, why] of [
    ['/account', 'Log in to see your account.'],
    ['/vip', 'Log in to see VIP.'],
    ['/products/credits', 'Log in to buy credits.'],
  ] as const) {
    await page.goto(address);
    await expect(page).toHaveURL(/\/$/);
    await expect(notifications.getByText(why, { exact: true })).toBeVisible();
  }
  // Log in then leads to the page the guest asked for last.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
  await continueAs(page, 'staff');
  await expect(page).toHaveURL(/\/products\/credits$/);
});

test('a signed-in user refused with 403 sees the server’s reason where they are', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: storedSessionOf('staff'),
  });
  const page = await context.newPage();
  await page.goto('/account');
  // What the server answers an account on hold (a payment dispute) that acts: a 403 with its reason.
  await page.route('**/api/shop/sessions', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 403, json: { message: ACCOUNT_HELD_MESSAGE } })
      : route.continue(),
  );
  await page.getByRole('button', { name: /^Reset sessions$/i }).click();
  await page
    .getByRole('dialog', { name: /^Reset sessions$/i })
    .getByRole('button', { name: /^Reset sessions$/i })
    .click();
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  await expect(notifications.getByText(ACCOUNT_HELD_MESSAGE, { exact: true })).toBeVisible();
  await expect(notifications.getByText('You must be logged in to perform this action.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/account$/);
  await context.close();
});
