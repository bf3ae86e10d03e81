import { fitsBothWidths } from '../support/axe.ts';
import { addStoredSession } from '../support/stored-sessions.ts';
import { expect, type Page, test } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// The operations sections of /admin (issue 20), signed in as `admin`, on the shared server:
// Controls, Products and Repositories. Other specs run meanwhile: the product edited here is one no
// other spec buys ('GP (crypto)', 24 cents per 1M GP in the seed), and its price is put back.

const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** A toast (not the same words shown elsewhere on the page). */
const toast = (page: Page, message: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(message, { exact: true });

const SEED_PRICE_CENTS = '24';

async function setPrice(page: Page, cents: string) {
  const products = page.getByRole('table', { name: 'Products' });
  await products.getByRole('button', { name: 'Edit GP (crypto)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit GP (crypto)' });
  await dialog.getByLabel('Price per 1M GP (cents)').fill(cents);
  await dialog.getByRole('button', { name: 'Save product' }).click();
  await expect(toast(page, 'Product updated!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('admin operations', () => {
  // A few dialogs per section; axe on these sections is the accessibility walk's (decision 0075).
  test.describe.configure({ timeout: scaled(60_000) });

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await addStoredSession(page, 'admin');
  });

  test('the shell: sections in the nav, the open one in the URL, the user search goes to users', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page).toHaveTitle(/^Admin Panel/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByRole('link')).toHaveCount(7);
    await expect(nav.locator('[aria-current="page"]')).toContainText('Controls');
    await nav.getByRole('link', { name: /^Repositories/ }).click();
    await expect(page).toHaveURL(/\/admin\?section=repositories$/);
    await expect(section(page, 'Developer repositories')).toBeVisible();
    await page.reload();
    await expect(section(page, 'Developer repositories')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Find a user: Discord id, username or id' }).fill('customer');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\?section=users&q=customer$/);
    await expect(nav.locator('[aria-current="page"]')).toContainText('Users');
  });

  test('controls: flush updates runs through its confirmation', async ({ page }) => {
    await page.goto('/admin?section=controls');
    for (const title of ['Sessions', 'Client releases', 'Repository updates']) {
      await expect(section(page, title)).toBeVisible();
    }
    await section(page, 'Repository updates').getByRole('button', { name: 'Flush updates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flush updates?' });
    await expect(dialog).toContainText('cancels every queued repository update that has not started yet');
    await dialog.getByRole('button', { name: 'Flush updates' }).click();
    await expect(toast(page, 'Updates flushed')).toBeVisible();
    await expect(dialog).toBeHidden();

    await fitsBothWidths(page, 'admin-controls');
  });

  test('products: an edited price is saved (and put back); the GP rate fills a GP price', async ({
    page,
  }) => {
    await page.goto('/admin?section=products');
    const products = page.getByRole('table', { name: 'Products' });
    const row = products.getByRole('row').filter({ hasText: 'GP (crypto)' });
    await expect(row).toContainText('€0.24 per 1M GP');
    try {
      await setPrice(page, '26');
      await expect(row).toContainText('€0.26 per 1M GP');
      await page.reload();
      await expect(
        page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: 'GP (crypto)' }),
      ).toContainText('€0.26 per 1M GP');
    } finally {
      await setPrice(page, SEED_PRICE_CENTS);
    }
    await expect(row).toContainText('€0.24 per 1M GP');

    // Spec §9: 0.25 € per million GP is 40,000 GP per credit (the seed's price): nothing is saved.
    await products.getByRole('button', { name: 'Edit Credits (GP)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Credits (GP)' });
    const price = dialog.getByLabel('Price per credit (GP)');
    await price.fill('1');
    await dialog.getByLabel('GP rate (€ per 1M GP)').fill('0.25');
    await expect(price).toHaveValue('40000');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await products.getByRole('button', { name: 'Bulk discounts of GP (crypto)' }).click();
    const tiers = page.getByRole('dialog', { name: 'Bulk discounts of GP (crypto)' });
    await expect(tiers.getByLabel('Tier 1: from (1M GP)')).toHaveValue('500');
    await tiers.getByRole('button', { name: 'Cancel' }).click();

    await fitsBothWidths(page, 'admin-products');
  });

  test('repositories: developer repositories, repo updates and the approvals render', async ({ page }) => {
    await page.goto('/admin?section=repositories');
    const repositories = section(page, 'Developer repositories');
    await expect(
      repositories.getByRole('table', { name: 'Developer repositories' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expect(section(page, 'Repo updates')).toBeVisible();
    await expect(
      section(page, 'Approved repositories').getByRole('button', { name: 'Approve repo' }),
    ).toBeVisible();
    await expect(section(page, 'Approved jars').getByRole('button', { name: 'Approve jar' })).toBeVisible();

    await fitsBothWidths(page, 'admin-repositories');
  });
});
