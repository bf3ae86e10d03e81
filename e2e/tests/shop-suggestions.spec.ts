import { expect, test } from '@playwright/test';
import { expectAxeClean, fitsBothWidths } from '../support/axe.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 35 item 3: the shop says what it found, filters by price, and suggests plan and developer
// names as one types, in a combobox that works by keyboard (the demo data's plans and developers).

test('suggestions as one types: arrows, Enter, Escape, at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/shop');
  await expect(page.getByTestId('plugin-count')).toHaveText(/^\d+ plugins$/);
  const field = page.getByRole('combobox', { name: 'Search plugins' });
  await field.click();
  await field.pressSequentially('slay');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  const slayer = list.getByRole('option', { name: 'Slayer Task Helper' });
  await expect(slayer).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expectAxeClean(page, 'shop with suggestions open at 1280 px');
  // Every impact is checked with the suggestions open at 1280 px (above) and at 375 px (below).
  await fitsBothWidths(page, 'shop-suggestions');

  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', (await slayer.getAttribute('id')) ?? '');
  await expect(slayer).toHaveAttribute('aria-selected', 'true');
  await field.press('Escape');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(field).toHaveValue('slay');

  await field.press('ArrowDown');
  await expect(slayer).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Slayer Task Helper' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/shop');
  const phoneField = page.getByRole('combobox', { name: 'Search plugins' });
  await phoneField.click();
  await phoneField.pressSequentially('devon');
  const developer = page
    .getByRole('group', { name: 'Developers' })
    .getByRole('option', { name: 'Devon Developer' });
  await expect(developer).toBeVisible();
  await expectAxeClean(page, 'shop with suggestions open at 375 px');
  await phoneField.press('ArrowUp');
  await expect(developer).toHaveAttribute('aria-selected', 'true');
  await phoneField.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Devon Developer' })).toBeVisible();
});

test('the phone filter panel says how many plugins it will show, and filters by price', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/shop');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('region', { name: 'Filters' });
  // The choices follow the URL, which the router updates in a transition: click, then wait for it.
  await panel.getByRole('radio', { name: 'Free' }).click();
  await expect(page).toHaveURL(/[?&]price=free\b/);
  await expect(panel.getByRole('radio', { name: 'Free' })).toBeChecked();
  await expect(panel.getByRole('button', { name: /^Show \d+ plugins?$/ })).toBeVisible();
  for (const band of ['Under €5', 'Under €10', 'Under €20', 'Any price'])
    await expect(panel.getByRole('radio', { name: band })).toBeVisible();
});
