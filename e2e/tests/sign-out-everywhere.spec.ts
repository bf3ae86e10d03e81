import { CLIENT_TOKEN_REVOKED_MESSAGE } from '@ember/contracts/client-api';
import { signInContext, test } from '../support/accounts.ts';
import { newGameClient } from '../support/game-client.ts';
import { expect, type Page } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 32, item 5: "Log out of all devices" left another browser signing itself back in on its next
// page load, and the game client playing on. Two browsers and a game client, one account.

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

// Two browsers and a game client sign in before anything is tested: more than one page's worth.
test.describe.configure({ timeout: scaled(60_000) });

test('Log out of all devices leaves the other browser and the game client signed out on their next call', async ({
  signedInAccount,
  browser,
  baseURL,
}) => {
  const laptop = await signedInAccount();
  const phoneContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await signInContext(phoneContext, laptop);
    const phone = await phoneContext.newPage();
    await phone.goto('/account');
    await expect(mainNav(phone).getByText(/^Credits: [\d,]+$/)).toBeVisible();

    // The game client signs in with a code the phone approves.
    const restored = await phoneContext.request.post('/api/identity/token', {
      headers: {
        authorization: `Bearer ${(await phoneContext.cookies()).find((cookie) => cookie.name === 'token')?.value}`,
      },
    });
    const authorization = restored.headers().authorization ?? '';
    const { client } = newGameClient(baseURL ?? '');
    await client.login({
      clientName: 'Ember client on the desk',
      sleep: async () => {},
      onCode: async (code) => {
        const approved = await phoneContext.request.post(
          `/api/shop/device-authorizations/${code.user_code}/approve`,
          { headers: { authorization } },
        );
        expect(approved.status()).toBe(200);
      },
    });
    await expect(client.sessions()).resolves.toBeDefined();

    await mainNav(laptop.page)
      .getByRole('button', { name: new RegExp(`${laptop.displayName}$`) })
      .hover();
    await laptop.page
      .getByRole('list', { name: 'Account' })
      .getByRole('button', { name: 'Log out of all devices' })
      .click();
    await expect(mainNav(laptop.page).getByRole('link', { name: 'Log in' })).toBeVisible();

    // The phone's next page load finds its session gone; the game client's next call is refused.
    await phone.reload();
    await expect(mainNav(phone).getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(client.sessions()).rejects.toThrow(CLIENT_TOKEN_REVOKED_MESSAGE);
  } finally {
    await phoneContext.close();
  }
});
