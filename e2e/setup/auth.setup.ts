import { AUTH_COOKIES } from '@ember/contracts/identity-constants';
import { signInContext } from '../support/accounts.ts';
import { SIGNED_IN_ACCOUNTS, storedSessionOf } from '../support/stored-sessions.ts';
import { expect, test as setup } from '../support/test.ts';

// Runs before the tests (the `setup` project): one sign-in per demo account through the development
// Discord, over HTTP, stored for the tests that only read these accounts (DESIGN conv. 8). The
// sign-in pages themselves are clicked through in sign-in.spec.ts. No page is loaded (decision
// 0076): the stored cookies are checked with the call a page makes to restore its session (POST
// identity /token with the `token` cookie), which answers with the account; a page load per account
// here only cost the browser's CPU while every `chromium` test waited. The sign-ins run side by side.
setup.describe.configure({ mode: 'parallel' });

for (const username of SIGNED_IN_ACCOUNTS) {
  setup(`sign in as ${username}`, async ({ browser }) => {
    const context = await browser.newContext();
    await signInContext(context, username);
    const chatToken = (await context.cookies()).find((cookie) => cookie.name === AUTH_COOKIES.token)?.value;
    const restored = await context.request.post('/api/identity/token', {
      headers: { authorization: `Bearer ${chatToken}` },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    expect(restored.headers()['x-discord-member']).not.toBe('false');
    expect(((await restored.json()) as { username: string }).username).toBe(username);
    await context.storageState({ path: storedSessionOf(username) });
    await context.close();
  });
}
