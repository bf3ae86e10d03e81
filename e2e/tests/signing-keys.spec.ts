import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test } from '../support/accounts.ts';
import { expectNoSeriousViolations, shootAtBothWidths } from '../support/axe.ts';
import { expect, type Page } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 32: a developer makes a signing key in the browser (WebCrypto Ed25519), the public half is
// registered, the private half downloads once; then they revoke it (decision 0053).

const card = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Signing keys', exact: true }) });

/** TUF 1.0 key id of an Ed25519 public key: sha256 of its canonical JSON. */
const keyidOf = (hex: string) =>
  createHash('sha256')
    .update(`{"keytype":"ed25519","keyval":{"public":"${hex}"},"scheme":"ed25519"}`)
    .digest('hex');

test('a developer generates a signing key in the browser, keeps the private key file, and revokes the key', async ({
  signedInAccount,
}) => {
  // Two widths of axe and a key made, downloaded, listed and revoked.
  test.setTimeout(scaled(60_000));
  const { page } = await signedInAccount({ roles: ['CUSTOMER', 'DEVELOPER'] }, {}, '/developer');
  await page.setViewportSize({ width: 375, height: 900 });
  const keys = card(page);
  await expect(keys.getByText('No signing keys yet.', { exact: false })).toBeVisible();

  await keys.getByRole('button', { name: 'Generate key pair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate a signing key' });
  await expect(dialog.getByText('Ember never receives it', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, 'the generate-key dialog at 375 px');
  await dialog.getByLabel('Name').fill('Build laptop');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Generate and download' }).click(),
  ]);

  // The file is the private half of the key the server now lists: its public key hashes to the key id.
  const filename = download.suggestedFilename();
  expect(filename).toMatch(/^ember-signing-key-[0-9a-f]{12}\.pem$/);
  const pem = await readFile(await download.path(), 'utf8');
  const privateKey = createPrivateKey(pem);
  expect(privateKey.asymmetricKeyType).toBe('ed25519');
  const publicHex = Buffer.from(
    createPublicKey(privateKey).export({ format: 'jwk' }).x ?? '',
    'base64url',
  ).toString('hex');
  const keyid = keyidOf(publicHex);
  expect(filename).toBe(`ember-signing-key-${keyid.slice(0, 12)}.pem`);
  await expect(keys.getByRole('status').filter({ hasText: filename })).toBeVisible();
  const row = keys.getByRole('row', { name: /Build laptop/ });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText(`${keyid.slice(0, 16)}…`)).toBeVisible();

  await shootAtBothWidths(page, 'developer-signing-keys');

  await row.getByRole('button', { name: 'Revoke Build laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke "Build laptop"?' });
  await expect(confirm).toContainText('will no longer be trusted');
  await expect(confirm).toContainText('It is your last active key');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row.getByText(/^Revoked /)).toBeVisible();
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
});
