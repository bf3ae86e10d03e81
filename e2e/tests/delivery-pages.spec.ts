import { shootAtBothWidths } from '../support/axe.ts';
import { CLIENT_BASE } from '../support/game-client.ts';
import { signedInPage } from '../support/stored-sessions.ts';
import { expect, test } from '../support/test.ts';

// The pages of plugin delivery (issue 19) at 375 and 1280 px: no serious axe violation, nothing
// wider than the screen, and a screenshot each in e2e/screenshots. Against the demo seed: `developer`
// (id 7) owns repository 4 (https://github.com/devon-dev/ember-plugins); `staff` reads session logs;
// `customer` has a signed-in device and running subscriptions.

test('the repository page of its developer', async ({ browser }) => {
  const page = await signedInPage(browser, 'developer', '/developer/repository/4');
  await expect(
    page.getByRole('heading', { level: 1, name: 'github.com/devon-dev/ember-plugins' }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Plugins' })).toContainText('Free Woodcutter');
  await expect(page.getByRole('button', { name: 'Check for updates' })).toBeVisible();
  await shootAtBothWidths(page, 'repository-page');
  await page.context().close();
});

test('session logs for staff, newest first, one row per session, and how long they are kept', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'staff', '/session-logs');
  const table = page.getByRole('table', { name: /session logs/i });
  await expect(table).toBeVisible();
  for (const column of ['Session ID', 'Discord ID', 'Plugin Name', 'Last update', 'Exceeded']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(page.getByText('Kept for 90 days after the session started.')).toBeVisible();
  const sessionIds = await table.getByRole('rowheader').allTextContents();
  expect(sessionIds.length).toBeGreaterThan(0);
  expect(new Set(sessionIds).size).toBe(sessionIds.length);
  await shootAtBothWidths(page, 'session-logs');
  await page.context().close();
});

test("the account's session table and signed-in devices", async ({ browser }) => {
  const page = await signedInPage(browser, 'customer', '/account');
  await expect(page.getByRole('button', { name: 'Reset sessions' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Signed-in devices' })).toContainText(
    'Ember client on DEMO-PC',
  );
  await shootAtBothWidths(page, 'account-sessions-and-devices');
  await page.context().close();
});

test('the device approval page with a code a client is showing', async ({ browser, request }) => {
  const asked = await request.post(`${CLIENT_BASE}/device/code`, {
    form: { client_id: 'ember-client', client_name: 'Ember client on E2E-PC' },
  });
  expect(asked.status()).toBe(200);
  const { verification_uri_complete: link } = (await asked.json()) as { verification_uri_complete: string };
  const page = await signedInPage(browser, 'customer', new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('device-client')).toHaveText('Ember client on E2E-PC');
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  await shootAtBothWidths(page, 'device-approval');
  await page.context().close();
});
