import { signInContext } from '../support/accounts.ts';
import { SIGNED_IN_ACCOUNTS, storedSessionOf } from '../support/stored-sessions.ts';
import { expect, test as setup } from '../support/test.ts';

// Runs before the tests (the `setup` project): one sign-in per demo account through the development
// Discord, over HTTP, stored for the tests that only read these accounts (DESIGN conv. 8). The
// sign-in pages themselves are clicked through in sign-in.spec.ts.

for (const username of SIGNED_IN_ACCOUNTS) {
  setup(`sign in as ${username}`, async ({ browser }) => {
    const context = await browser.newContext();
    await signInContext(context, username);
    const page = await context.newPage();
    await page.goto('/shop');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(/^Credits: [\d,]+$/)).toBeVisible();
    await context.storageState({ path: storedSessionOf(username) });
    await context.close();
  });
}
