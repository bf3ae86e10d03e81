import { shootAtBothWidths } from '../support/axe.ts';
import { useStoredSession } from '../support/stored-sessions.ts';
import { expect, type Page, test } from '../support/test.ts';

// The ledger sections of /admin (issue 20), signed in as `admin`, on the shared server: the
// transactions with their trial balance, the audit trail with its before/after, the failed jobs.
// Other specs move credits meanwhile: nothing here counts rows, and the books stay balanced.

const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

test.describe('admin ledger', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'admin');
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

    await shootAtBothWidths(page, 'admin-transactions');
  });

  test('audit trail: events with actor and target, and a change opens as before and after', async ({
    page,
  }) => {
    await page.goto('/admin?section=audit-trail');
    const audit = section(page, 'Audit trail');
    const table = audit.getByRole('table', { name: 'Audit trail' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await audit.getByLabel('Action', { exact: true }).fill('credits:adjust');
    // The seed's credit correction for the login outage (packages/db/src/seed/steps/seed-audit.ts).
    const row = table
      .locator('tbody > tr')
      .filter({ hasText: 'credits:adjust' })
      .filter({ hasText: 'Compensation for the login outage' })
      .first();
    await expect(row).toContainText('ADMIN');
    await expect(row).toContainText(/User #\d+/);
    const changes = row.locator('details');
    const reason = changes.getByRole('definition').filter({ hasText: 'Compensation for the login outage' });
    await expect(reason).toBeHidden();
    await row.getByText(/^Changes \(\d+\)$/).click();
    await expect(reason).toBeVisible();
    await expect(changes.getByRole('term')).toHaveText(['amount', 'reason']);
    await expect(changes.getByRole('definition')).toHaveText([
      'before: —',
      'after: 250',
      'before: —',
      'after: "Compensation for the login outage"',
    ]);

    await shootAtBothWidths(page, 'admin-audit-trail');
  });

  test('failed jobs: the list (or its empty state) at both widths', async ({ page }) => {
    await page.goto('/admin?section=failed-jobs');
    const jobs = section(page, 'Failed jobs');
    const table = jobs.getByRole('table', { name: 'Failed jobs' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText(/No failed jobs|Retry/);

    await shootAtBothWidths(page, 'admin-failed-jobs');
  });
});
