import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { fitsBothWidths, shootAtBothWidths } from '../support/axe.ts';
import { pdfText } from '../support/pdf.ts';
import { signedInPage, useStoredSession } from '../support/stored-sessions.ts';
import { expect, type Page, test } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// The owner panel (issue 20, /owner) against the demo seed, signed in as `owner`. The seed's pending
// payouts are left alone (developer.spec counts premium's payouts and earnings relative to what it
// finds): the test first has `premium` request a payout of its own, then the owner exports, confirms
// that one payout and reads its receipt.

// The contract's columns and file names (packages/contracts/src/exports.ts, spec §9).
const BALANCES_COLUMNS = ['userId', 'discordId', 'username', 'displayName', 'credits', 'earnings', 'enabled'];
const PAYOUTS_COLUMNS = [
  'payoutId',
  'userId',
  'discordId',
  'username',
  'amountCredits',
  'amountEur',
  'requestDate (ISO 8601 UTC)',
  'description',
];
const AMOUNT = 1234;
const AMOUNT_TEXT = '1,234 credits';
/** What the owner pays for it (issue 34: euros wherever the owner looks). */
const EUROS_TEXT = '€12.34';
const AMOUNT_WITH_EUROS = '1,234 credits (€12.34)';
const FIRST_LOAD_MS = 30_000;

const toast = (page: Page, message: string) => page.getByText(message, { exact: true }).first();
const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Clicks `button` and waits for the browser's download of it. */
async function downloadBy(page: Page, name: string, within = page.locator('body')): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    within.getByRole('button', { name, exact: true }).click(),
  ]);
  return download;
}

async function csvOf(download: Download): Promise<string[][]> {
  const path = await download.path();
  return parseCsv((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''));
}

/** `premium` requests a payout through the developer dashboard; its id, from the newest row. */
async function premiumRequestsPayout(browser: Parameters<typeof signedInPage>[0]): Promise<number> {
  const page = await signedInPage(browser, 'premium', '/developer');
  const available = page.getByTestId('earnings-available');
  // The first load of a lazy dashboard: seconds when the machine is busy.
  await expect(available).toHaveText(/\d/, { timeout: FIRST_LOAD_MS });
  // Enough is left for developer.spec's own request afterwards.
  expect(Number(((await available.textContent()) ?? '').replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(
    AMOUNT + 100,
  );
  const payouts = card(page, 'Payouts');
  await payouts.getByLabel('Withdraw amount').fill(String(AMOUNT));
  await payouts.getByRole('button', { name: 'Request payout' }).click();
  await page
    .getByRole('dialog', { name: 'Request payout' })
    .getByRole('button', { name: 'Request payout' })
    .click();
  await expect(toast(page, 'Payout request created')).toBeVisible();
  const newest = page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1);
  await expect(newest).toContainText(AMOUNT_TEXT);
  await expect(newest).toContainText('Pending');
  const id = Number(((await newest.getByRole('rowheader').textContent()) ?? '').replace(/[^\d]/g, ''));
  expect(id).toBeGreaterThan(0);
  await page.context().close();
  return id;
}

test.describe('owner panel', () => {
  // Two browsers, three downloads, a PDF read, the audit trail and axe on its dialogs at two widths
  // (the panel itself is the accessibility walk's, decision 0075).
  test.describe.configure({ timeout: scaled(60_000) });

  test('owner exports both CSVs, confirms a pending payout with a link and reads its receipt', async ({
    browser,
    page,
  }) => {
    const payoutId = await premiumRequestsPayout(browser);
    const reference = `https://bank.example/transfers/E2E-${payoutId}-${Date.now().toString(36)}`;

    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'owner', '/owner');
    await expect(page.getByRole('heading', { level: 1, name: 'Owner Panel' })).toBeVisible();
    await expect(page).toHaveTitle(/^Owner Panel · /);
    const table = page.getByRole('table', { name: 'Payouts' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `#${payoutId}` }) });
    await expect(row).toContainText(AMOUNT_TEXT, { timeout: FIRST_LOAD_MS });
    await expect(row).toContainText(EUROS_TEXT);
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Not completed');

    // Export balances: export.csv, one row per user with every column.
    const exports = card(page, 'Exports');
    const balances = await downloadBy(page, 'Export balances', exports);
    expect(balances.suggestedFilename()).toBe('export.csv');
    const [balancesHeader, ...balanceRows] = await csvOf(balances);
    expect(balancesHeader).toEqual(BALANCES_COLUMNS);
    expect(balanceRows.length).toBeGreaterThan(5);
    for (const line of balanceRows) expect(line).toHaveLength(BALANCES_COLUMNS.length);
    const premium = balanceRows.find((line) => line[2] === 'premium');
    expect(premium?.[0]).toMatch(/^\d+$/);
    expect(premium?.[5]).toMatch(/^\d+$/);

    // Export pending payouts: the new one among them with its amount in credits and in euros.
    const batch = await downloadBy(page, 'Export pending payouts', exports);
    expect(batch.suggestedFilename()).toBe('pending-payouts.csv');
    const [batchHeader, ...batchRows] = await csvOf(batch);
    expect(batchHeader).toEqual(PAYOUTS_COLUMNS);
    for (const line of batchRows) expect(line).toHaveLength(PAYOUTS_COLUMNS.length);
    const ours = batchRows.find((line) => line[0] === String(payoutId));
    expect(ours?.[3]).toBe('premium');
    expect(ours?.[4]).toBe(String(AMOUNT));
    expect(ours?.[5]).toBe('12.34');

    await fitsBothWidths(page, 'owner-panel');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Pending only: every row waits to be paid, ours among them.
    await Promise.all([
      page.waitForResponse((response) => /\/payouts\/all\?.*status=Pending/.test(response.url()), {
        timeout: FIRST_LOAD_MS,
      }),
      page.getByRole('checkbox', { name: 'Pending only' }).check(),
    ]);
    // (By the badge: a pending row's 'Not completed' would match the text.)
    await expect(table.locator('[data-status="Completed"]')).toHaveCount(0);
    await expect(table.locator('[data-status="Pending"]').first()).toBeVisible();
    await expect(row).toContainText('Pending');
    await page.getByRole('checkbox', { name: 'Pending only' }).uncheck();
    await expect(table.locator('[data-status="Completed"]').first()).toBeVisible();

    // The pending payout's detail: confirm it with a URL reference.
    await row.getByRole('button', { name: `Details of payout ${payoutId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Payout #${payoutId}` });
    await expect(dialog).toContainText('Priya');
    await expect(dialog).toContainText(AMOUNT_WITH_EUROS);
    await expect(dialog.locator('dt', { hasText: /^Status$/ })).toBeVisible();
    await expect(dialog).toContainText('Not completed');
    // Nothing paid yet, so no receipt to offer.
    await expect(dialog.getByRole('button', { name: 'Download receipt' })).toHaveCount(0);
    await shootAtBothWidths(page, 'owner-payout-pending');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByLabel('Transfer reference').fill(reference);
    await dialog.getByRole('button', { name: 'Confirm payout' }).click();
    await expect(toast(page, 'Payout request processed')).toBeVisible();
    // The pressed button is gone: focus waits on the dialog's Close, not on the page.
    await expect(dialog.getByRole('button', { name: 'Close', exact: true }).last()).toBeFocused();
    const link = dialog.getByRole('link', { name: reference });
    await expect(link).toHaveAttribute('href', reference);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(dialog.getByRole('button', { name: 'Confirm payout' })).toHaveCount(0);
    await expect(row.locator('[data-status="Completed"]')).toBeVisible();
    await expect(row).not.toContainText('Not completed');

    // The receipt: a real PDF named for the payout, with the amount and the reference.
    const receipt = await downloadBy(page, 'Download receipt', dialog);
    expect(receipt.suggestedFilename()).toBe(`payout-receipt-${payoutId}.pdf`);
    const text = await pdfText(receipt);
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain(`${EUROS_TEXT} for ${AMOUNT_TEXT} of developer earnings`);
    expect(words).toContain(AMOUNT_WITH_EUROS);
    expect(words).toContain('pays developer earnings in euros, at €0.01 a credit');
    expect(words).not.toContain('in credits');
    expect(text.replace(/\s+/g, '')).toContain(reference);

    await shootAtBothWidths(page, 'owner-payout-detail');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The developer sees the same reference as a link on their own payouts table.
    const developer = await signedInPage(browser, 'premium', '/developer');
    const mine = developer
      .getByRole('table', { name: 'Payouts' })
      .getByRole('row')
      .filter({ has: developer.getByRole('rowheader', { name: `#${payoutId}` }) });
    await expect(mine).toContainText(EUROS_TEXT, { timeout: FIRST_LOAD_MS });
    const theirLink = mine.getByRole('link', { name: reference });
    await expect(theirLink).toHaveAttribute('href', reference);
    await expect(theirLink).toHaveAttribute('target', '_blank');
    await developer.context().close();

    // The audit trail says it in words: the owner (picked by name), this action, today.
    await page.goto('/admin?section=audit-trail');
    const audit = card(page, 'Audit trail');
    const actor = audit.getByRole('combobox', { name: 'Actor' });
    await actor.fill('owner');
    await audit.getByRole('option', { name: /^Ember @owner/ }).click();
    await expect(audit.getByRole('group', { name: 'Actor' })).toContainText('Ember');
    await audit.getByLabel('Action', { exact: true }).selectOption({ label: 'Confirmed a payout' });
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await audit.getByLabel('From', { exact: true }).fill(day);
    await audit.getByLabel('To', { exact: true }).fill(day);
    const label = `Confirmed payout #${payoutId} to Priya Premium`;
    const events = audit.getByRole('table', { name: 'Audit trail' });
    await expect(events.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    // Every row is the owner confirming a payout today.
    await expect
      .poll(async () =>
        (await events.getByRole('rowheader').allTextContents()).every((text) =>
          text.startsWith('Confirmed payout #'),
        ),
      )
      .toBe(true);
    await expect(events).not.toContainText('payout:confirm');
    await shootAtBothWidths(page, 'admin-audit-trail-filtered');
    await page.setViewportSize({ width: 1280, height: 900 });
    await events.getByRole('button', { name: `Details of ${label}` }).click();
    const event = page.getByRole('dialog', { name: label });
    await expect(event).toContainText('payout:confirm');
    await expect(event).toContainText(`PAYOUT ${payoutId}`);
    await shootAtBothWidths(page, 'admin-audit-event');
  });
});
