import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { useStoredSession } from '../support/stored-sessions.ts';

// Issue 26, items 6 and 7: the header's balance leads to where credits are bought. (Numbers in a
// German browser: one-language.spec.ts.)

const BALANCE = /^Credits: [\d,]+$/;

test('the header balance is a link to /products/credits, at 1280 and at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useStoredSession(page, 'customer');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const balance = nav.getByRole('link', { name: BALANCE });
  await expect(balance).toBeVisible();
  await saveScreenshot(page.locator('header').first(), 'header-credits-1280');
  await balance.click();
  await expect(page).toHaveURL(/\/products\/credits$/);

  await page.setViewportSize({ width: 320, height: 700 });
  await page.getByLabel('Open menu').click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const inMenu = menu.getByRole('link', { name: BALANCE });
  await expect(inMenu).toBeVisible();
  await expectNoSeriousViolations(page, 'the mobile menu at 320 px');
  await saveScreenshot(page, 'header-credits-menu-320', { fullPage: false });
  await inMenu.click();
  await expect(menu).toBeHidden();
  await saveScreenshot(page.locator('header').first(), 'header-credits-320');
});

test('the crypto VIP card reads what checkout charges, and VIP is priced one way', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await useStoredSession(page, 'customer', '/products/vip');
  const card = (name: string) => page.getByRole('article', { name, exact: true });
  await expect(card('VIP').getByTestId('unit-price')).toHaveText('€15.00 per month');
  await expect(card('VIP (crypto)').getByTestId('unit-price')).toHaveText('€13.50 per month');
  await saveScreenshot(page, 'products-vip-1280');
  await card('VIP (crypto)').getByRole('button', { name: 'Buy VIP (crypto)' }).click();
  await expect(page.getByRole('dialog').getByTestId('purchase-total')).toHaveText('€13.50');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 800 });
  await saveScreenshot(page, 'products-vip-375');
});
