import { expect, test as setup } from '@playwright/test';
import { SIGNED_IN_ACCOUNTS, storedSessionOf } from '../support/stored-sessions.ts';

// Runs before the tests (the `setup` project): one real sign-in per demo account through the fake
// Discord page, stored for reuse (DESIGN conv. 8).

for (const username of SIGNED_IN_ACCOUNTS) {
  setup(`sign in as ${username}`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('button', { name: new RegExp(`^Continue as ${username}\\b`) }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(/^Credits: [\d,]+$/)).toBeVisible();
    await page.context().storageState({ path: storedSessionOf(username) });
  });
}
