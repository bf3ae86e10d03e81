import { LOGIN_FAILED_MESSAGE } from '@ember/contracts/errors';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_URI_COOKIE } from '../../../lib/auth/redirect-uri.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { notify } from '../../../lib/toast/notify.ts';
import { setCookies } from '../../../test/cookies.ts';
import { json, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { currentUserBody } from '../../../test/test-users.ts';

const BANNED = 'This account has been banned. Contact us on Discord if you think this is a mistake.';

const location = () => screen.getByTestId('location').textContent;
const authText = () => screen.getByTestId('auth').textContent;

/** The server side of a successful sign-in; POST /discord/token sets the token cookie like the server. */
function serverSignsIn(overrides = {}) {
  return mockApi({
    'POST /api/identity/discord/token': () => {
      setCookies({ token: 'chat-token' });
      return json({ access_token: 'chat-token', token_type: 'Bearer', expires_in: 604800 });
    },
    'POST /api/identity/token': () =>
      json(currentUserBody(overrides), 200, { authorization: 'Bearer jwt-1', 'x-discord-member': 'true' }),
    'PUT /api/identity/discord/refresh': () => {
      setCookies({ token: 'fresh-chat-token' });
      return json({ access_token: 'fresh-chat-token', token_type: 'Bearer', expires_in: 604800 });
    },
    'POST /api/identity/logout': () => new Response(null, { status: 204 }),
  });
}

describe('/oauth2 and /token', () => {
  it('exchanges the code once (StrictMode), logs in and lands on the saved redirectUri', async () => {
    setCookies({ [REDIRECT_URI_COOKIE]: '/account' });
    const api = serverSignsIn();
    renderApp('/oauth2?code=abc&state=xyz');
    expect(await screen.findByText('Logging you in...')).toBeTruthy();

    await waitFor(() => expect(location()).toBe('/account'));
    expect(authText()).toBe('authenticated:Casey Customer:12345');
    expect(await screen.findByRole('heading', { level: 1, name: /^My Account/ })).toBeTruthy();

    const exchanges = api.calls.filter((call) => call.key === 'POST /api/identity/discord/token');
    expect(exchanges).toHaveLength(1);
    const query = exchanges[0]?.url.searchParams;
    expect([query?.get('code'), query?.get('state'), query?.get('redirectUri')]).toEqual([
      'abc',
      'xyz',
      `${window.location.origin}/oauth2`,
    ]);
    expect(api.calls.filter((call) => call.key === 'POST /api/identity/token')).toHaveLength(1);
    expect(api.last('POST /api/identity/token')?.headers.get('authorization')).toBe('Bearer chat-token');
    expect(readCookie(REDIRECT_URI_COOKIE)).toBeNull();
  });

  it('shows "Logging in..." on /token and ends on /shop when nothing was saved (/ → isAuth → /shop)', async () => {
    setCookies({ token: 'chat-token' });
    serverSignsIn();
    renderApp('/token');
    expect(await screen.findByText('Logging in...')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(authText()).toBe('authenticated:Casey Customer:12345');
  });

  it('refuses a saved redirect to another site', async () => {
    setCookies({ token: 'chat-token', [REDIRECT_URI_COOKIE]: '//evil.example/steal' });
    serverSignsIn();
    renderApp('/token');
    await waitFor(() => expect(location()).toBe('/shop'));
  });

  it('on 403 removes the cookies, says to join the Discord server, stays a guest on /', async () => {
    setCookies({ token: 'chat-token' });
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({
      'POST /api/identity/token': () => json({ message: LOGIN_FAILED_MESSAGE }, 403),
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
    renderApp('/token');
    await waitFor(() => expect(authText()).toBe('guest'));
    expect(location()).toBe('/');
    expect(api.keys()).toContain('POST /api/identity/logout');
    expect(toast).toHaveBeenCalledExactlyOnceWith(
      'Login failed. Make sure you have joined our Discord server before logging in.',
    );
  });

  it("shows a banned account the server's message and returns to /", async () => {
    setCookies({ token: 'chat-token' });
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    mockApi({
      'POST /api/identity/token': () => json({ message: BANNED }, 423),
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
    renderApp('/token');
    await waitFor(() => expect(authText()).toBe('guest'));
    expect(location()).toBe('/');
    expect(toast).toHaveBeenCalledExactlyOnceWith(BANNED);
  });

  it('shows the message of a failed code exchange (e.g. state mismatch) and returns to /', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    const message = 'The sign-in request expired or was not started here. Please log in again.';
    const api = mockApi({ 'POST /api/identity/discord/token': () => json({ message }, 400) });
    renderApp('/oauth2?code=abc&state=forged');
    await waitFor(() => expect(location()).toBe('/'));
    expect(authText()).toBe('guest');
    expect(api.keys()).toEqual(['POST /api/identity/discord/token']);
    expect(toast).toHaveBeenCalledExactlyOnceWith(message);
  });

  it("says 'An error occurred.' when the failure has no message", async () => {
    setCookies({ token: 'chat-token' });
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    mockApi({ 'POST /api/identity/token': () => new Response('', { status: 502 }) });
    renderApp('/token');
    await waitFor(() => expect(location()).toBe('/'));
    expect(toast).toHaveBeenCalledExactlyOnceWith('An error occurred.');
  });
});

describe('/oauth2 without a code', () => {
  it('opened while signed in (a bookmark) keeps the session and goes to /shop, with no toast', async () => {
    setCookies({ token: 'chat-token' });
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    const api = serverSignsIn();
    renderApp('/oauth2');
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(authText()).toBe('authenticated:Casey Customer:12345');
    expect(api.keys()).not.toContain('POST /api/identity/discord/token');
    expect(api.keys()).not.toContain('POST /api/identity/logout');
    expect(toast).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('opened by a guest goes home without calling the server or showing a raw message', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({});
    renderApp('/oauth2');
    await waitFor(() => expect(location()).toBe('/'));
    expect(authText()).toBe('guest');
    expect(api.keys()).toEqual([]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('Cancel on the consent page (error=access_denied) says the login was cancelled, in words', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({});
    renderApp(
      '/oauth2?error=access_denied&error_description=The+resource+owner+denied+the+request&state=xyz',
    );
    await waitFor(() => expect(location()).toBe('/'));
    expect(authText()).toBe('guest');
    expect(api.keys()).toEqual([]);
    expect(toast).toHaveBeenCalledExactlyOnceWith('Login was cancelled. You can log in again at any time.');
  });

  it('Cancel while still signed in (a second tab) keeps the session', async () => {
    setCookies({ token: 'chat-token' });
    vi.spyOn(notify, 'error').mockResolvedValue();
    const api = serverSignsIn();
    renderApp('/oauth2?error=access_denied');
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(authText()).toBe('authenticated:Casey Customer:12345');
    expect(api.keys()).not.toContain('POST /api/identity/discord/token');
  });

  it('another provider error gets a plain sentence, never the provider text', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    mockApi({});
    renderApp('/oauth2?error=server_error&error_description=Invalid+input');
    await waitFor(() => expect(location()).toBe('/'));
    expect(toast).toHaveBeenCalledExactlyOnceWith('Discord did not complete the login. Please try again.');
  });
});

describe('/loading', () => {
  it('refreshes, logs in and goes to the redirect query parameter', async () => {
    setCookies({ token: 'old-chat-token', [REDIRECT_URI_COOKIE]: '/developer' });
    const api = serverSignsIn();
    renderApp('/loading?redirect=%2Faccount');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/account'));
    expect(api.keys().filter((key) => key.includes('/api/identity/'))).toEqual([
      'PUT /api/identity/discord/refresh',
      'POST /api/identity/token',
    ]);
    expect(api.last('POST /api/identity/token')?.headers.get('authorization')).toBe(
      'Bearer fresh-chat-token',
    );
  });

  it('ignores a redirect to another origin and uses the saved redirectUri', async () => {
    setCookies({ [REDIRECT_URI_COOKIE]: '/developer' });
    serverSignsIn();
    renderApp('/loading?redirect=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(location()).toBe('/developer'));
  });
});

describe('redirectUri', () => {
  it('is saved when a guest opens a members-only page, and honoured after login', async () => {
    mockApi({});
    const first = renderApp('/products/credits?amount=5');
    await waitFor(() => expect(location()).toBe('/'));
    expect(readCookie(REDIRECT_URI_COOKIE)).toBe('/products/credits?amount=5');
    first.unmount();

    serverSignsIn();
    renderApp('/oauth2?code=abc&state=xyz');
    await waitFor(() => expect(location()).toBe('/products/credits?amount=5'));
    expect(authText()).toBe('authenticated:Casey Customer:12345');
  });
});
