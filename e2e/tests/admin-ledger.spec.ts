import { fitsBothWidths } from '../support/axe.ts';
import { addStoredSession } from '../support/stored-sessions.ts';
import { expect, type Page, test } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// The ledger sections of /admin (issue 20), signed in as `admin`, on the shared server: the
// transactions with their trial balance, the audit trail with its before/after, the failed jobs.
// Other specs move credits meanwhile: nothing here counts rows, and the books stay balanced.

const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

test.describe('admin ledger', () => {
  // Each test ends at both widths; axe on these sections is the accessibility walk's, which opens
  // every admin section at both widths (decision 0075).
  test.describe.configure({ timeout: scaled(60_000) });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await addStoredSession(page, 'admin');
  });

  test('transactions: the trial balance is balanced and the ledger filters by type', async ({ page }) => {
    await page.goto('/admin?section=transactions');
    const transactions = section(page, 'Transactions');
    const trial = transactions.getByRole('region', { name: 'Trial balance' });
    await expect(trial.getByTestId('trial-balance-total')).toHaveText('Balanced ✓');
    await expect(trial).toContainText(/Credits \([\d,]+ users\)/);

    const table = transactions.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await transactions.getByLabel('Type', { exact: true }).selectOption({ label: 'Opening balance' });
    await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
    const types = table.locator('tbody tr td:nth-child(4)');
    await expect(types.first()).toHaveText('Opening balance');
    await expect.poll(async () => [...new Set(await types.allTextContents())]).toEqual(['Opening balance']);

    await fitsBothWidths(page, 'admin-transactions');
  });

  test('audit trail: events in words, filtered by action; the details show the raw record and the change', async ({
    page,
  }) => {
    await page.goto('/admin?section=audit-trail');
    const audit = section(page, 'Audit trail');
    const table = audit.getByRole('table', { name: 'Audit trail' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await audit.getByLabel('Action', { exact: true }).selectOption({ label: 'Adjusted credits' });
    // The seed's credit correction for the login outage (packages/db/src/seed/steps/seed-audit.ts).
    const label = 'Adjusted the credits of Casey Customer';
    const row = table
      .locator('tbody > tr')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
      .first();
    await expect(row).toContainText('Ada Admin');
    // No codes in the table: they are in the details.
    await expect(table).not.toContainText('credits:adjust');
    await row.getByRole('button', { name: `Details of ${label}` }).click();
    const dialog = page.getByRole('dialog', { name: label });
    await expect(dialog).toContainText('credits:adjust');
    await expect(dialog).toContainText('ADMIN');
    await expect(dialog).toContainText(/USER \d+/);
    const changes = dialog.locator('details');
    await expect(changes.getByRole('term')).toHaveText(['amount', 'reason']);
    await expect(changes.getByRole('definition')).toHaveText([
      'before: —',
      'after: 250',
      'before: —',
      'after: "Compensation for the login outage"',
    ]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    await fitsBothWidths(page, 'admin-audit-trail');
  });

  test('failed jobs: the list (or its empty state) at both widths', async ({ page }) => {
    await page.goto('/admin?section=failed-jobs');
    const jobs = section(page, 'Failed jobs');
    const table = jobs.getByRole('table', { name: 'Failed jobs' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText(/No failed jobs|Retry/);

    await fitsBothWidths(page, 'admin-failed-jobs');
  });
});
