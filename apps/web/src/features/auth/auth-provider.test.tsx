import { SESSION_EXPIRED_MESSAGE } from '@ember/contracts/errors';
import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { userKeys } from '../../lib/query-keys/users.ts';
import { notify } from '../../lib/toast/notify.ts';
import { setCookies } from '../../test/cookies.ts';
import { inOrder, json, mockApi } from '../../test/mock-api.ts';
import { RealAppShell } from '../../test/render-app.tsx';
import { currentUserBody } from '../../test/test-users.ts';

const signedIn =
  (jwt: string, overrides = {}) =>
  () =>
    json(currentUserBody(overrides), 200, { authorization: `Bearer ${jwt}`, 'x-discord-member': 'true' });
/** What the tests' GET /plans answers: a list of ids. */
const planList = z.array(z.object({ id: z.number() }));
const expired = () => json({ message: SESSION_EXPIRED_MESSAGE }, 401);
const tooMany = () => json({ message: 'Too many requests' }, 429, { 'retry-after': '0' });
const discordTokens = (accessToken: string) => () =>
  json({ access_token: accessToken, token_type: 'Bearer', expires_in: 604800 });

function Probe() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return (
    <>
      <output data-testid="auth">
        {auth.status === 'authenticated' ? `${auth.user.displayName}:${auth.user.balance}` : auth.status}
      </output>
      <button type="button" onClick={() => queryClient.invalidateQueries({ queryKey: userKeys.me })}>
        Reload user
      </button>
      <button type="button" onClick={() => auth.signOut()}>
        Sign out
      </button>
    </>
  );
}

function renderProvider(route = '/shop') {
  return render(
    <RealAppShell route={route}>
      <Probe />
    </RealAppShell>,
  );
}

const authText = () => screen.getByTestId('auth').textContent;

describe('AuthProvider start-up', () => {
  it('makes a visitor without a token cookie a guest without any request', async () => {
    const api = mockApi({});
    renderProvider();
    await waitFor(() => expect(authText()).toBe('guest'));
    expect(api.spy).not.toHaveBeenCalled();
  });

  it('signs in with the token cookie and keeps the product JWT in memory only', async () => {
    setCookies({ token: 'chat-token' });
    const api = mockApi({ 'POST /api/identity/token': signedIn('jwt-1') });
    renderProvider();
    expect(authText()).toBe('loading');
    await waitFor(() => expect(authText()).toBe('Casey Customer:12345'));

    expect(api.keys()).toEqual(['POST /api/identity/token']);
    expect(api.calls[0]?.headers.get('authorization')).toBe('Bearer chat-token');
    expect(document.cookie).not.toContain('jwt-1');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('jwt-1');

    // Later API calls carry the JWT.
    mockApi({ 'GET /api/shop/plans': () => json([]) });
    await apiFetch('shop', '/plans', planList);
    expect(vi.mocked(fetch).mock.calls.at(-1)?.[1]?.headers).toBeInstanceOf(Headers);
    const headers = vi.mocked(fetch).mock.calls.at(-1)?.[1]?.headers as Headers;
    expect(headers.get('authorization')).toBe('Bearer jwt-1');
  });

  it('refetches the user from GET /users/me when ["users", "me"] is invalidated (e.g. a new balance)', async () => {
    setCookies({ token: 'chat-token' });
    const api = mockApi({
      'POST /api/identity/token': signedIn('jwt-1'),
      'GET /api/shop/users/me': () => json(currentUserBody({ balance: 99 })),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe('Casey Customer:12345'));
    screen.getByRole('button', { name: 'Reload user' }).click();
    await waitFor(() => expect(authText()).toBe('Casey Customer:99'));
    expect(api.last('GET /api/shop/users/me')?.headers.get('authorization')).toBe('Bearer jwt-1');
  });

  it('refreshes an expired chat-platform token once, then signs in', async () => {
    setCookies({ token: 'old-chat-token' });
    const api = mockApi({
      'POST /api/identity/token': inOrder(expired, signedIn('jwt-2')),
      'PUT /api/identity/discord/refresh': discordTokens('new-chat-token'),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe('Casey Customer:12345'));
    expect(api.keys()).toEqual([
      'POST /api/identity/token',
      'PUT /api/identity/discord/refresh',
      'POST /api/identity/token',
    ]);
    expect(api.calls[2]?.headers.get('authorization')).toBe('Bearer new-chat-token');
  });

  it("logs out and says 'Your session has expired' when the refresh fails too", async () => {
    setCookies({ token: 'old-chat-token' });
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({
      'POST /api/identity/token': expired,
      'PUT /api/identity/discord/refresh': expired,
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe('guest'));
    expect(api.keys()).toEqual([
      'POST /api/identity/token',
      'PUT /api/identity/discord/refresh',
      'POST /api/identity/logout',
    ]);
    expect(toast).toHaveBeenCalledExactlyOnceWith('Your session has expired');
  });

  // Issue 24, item 12: a 429 on a page load made the app log out, which signed the visitor out everywhere.
  it('waits out a 429 or a network failure on start and stays signed in, never logging out', async () => {
    setCookies({ token: 'chat-token' });
    let failedOnce = false;
    const api = mockApi({
      'POST /api/identity/token': inOrder(tooMany, () => {
        if (!failedOnce) {
          failedOnce = true;
          throw new TypeError('Failed to fetch');
        }
        return signedIn('jwt-1')();
      }),
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe('Casey Customer:12345'), { timeout: 4000 });
    expect(api.keys()).not.toContain('POST /api/identity/logout');
    expect(document.cookie).toContain('token=chat-token');
  });

  it('shows the ban message and removes the cookies of a banned account', async () => {
    setCookies({ token: 'chat-token' });
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    const banned = 'This account has been banned. Contact us on Discord if you think this is a mistake.';
    const api = mockApi({
      'POST /api/identity/token': () => json({ message: banned }, 423),
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
    renderProvider();
    await waitFor(() => expect(authText()).toBe('guest'));
    expect(api.keys()).toContain('POST /api/identity/logout');
    expect(toast).toHaveBeenCalledExactlyOnceWith(banned);
  });
});

describe('session policy for API calls', () => {
  async function signIn() {
    setCookies({ token: 'chat-token' });
    renderProvider();
    await waitFor(() => expect(authText()).toBe('Casey Customer:12345'));
  }

  it('renews an expired JWT silently and retries the call once', async () => {
    mockApi({ 'POST /api/identity/token': signedIn('jwt-1') });
    await signIn();
    const api = mockApi({
      'POST /api/identity/token': signedIn('jwt-2'),
      'GET /api/shop/plans': (call) =>
        call.headers.get('authorization') === 'Bearer jwt-2' ? json([{ id: 1 }]) : expired(),
    });
    await expect(apiFetch('shop', '/plans', planList)).resolves.toEqual([{ id: 1 }]);
    expect(api.keys()).toEqual(['GET /api/shop/plans', 'POST /api/identity/token', 'GET /api/shop/plans']);
    expect(authText()).toBe('Casey Customer:12345');
  });

  it('makes the user a guest with the message when the session cannot be renewed', async () => {
    mockApi({ 'POST /api/identity/token': signedIn('jwt-1') });
    await signIn();
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    mockApi({
      'POST /api/identity/token': expired,
      'PUT /api/identity/discord/refresh': expired,
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
      'GET /api/shop/plans': expired,
    });
    const results = await Promise.allSettled([
      apiFetch('shop', '/plans', planList),
      apiFetch('shop', '/plans', planList),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await waitFor(() => expect(authText()).toBe('guest'));
    expect(toast).toHaveBeenCalledExactlyOnceWith('Your session has expired');
  });

  it('keeps the session when the renewal meets a busy server', async () => {
    mockApi({ 'POST /api/identity/token': signedIn('jwt-1') });
    await signIn();
    const api = mockApi({
      'POST /api/identity/token': tooMany,
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
      'GET /api/shop/plans': expired,
    });
    await expect(apiFetch('shop', '/plans', planList)).rejects.toMatchObject({ status: 503 });
    expect(api.count('POST /api/identity/token')).toBe(6);
    expect(api.keys()).not.toContain('POST /api/identity/logout');
    expect(authText()).toBe('Casey Customer:12345');
  });

  it('signs out with the product JWT, so the server can revoke it', async () => {
    mockApi({ 'POST /api/identity/token': signedIn('jwt-1') });
    await signIn();
    const api = mockApi({ 'POST /api/identity/logout': () => new Response(null, { status: 204 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(api.keys()).toEqual(['POST /api/identity/logout']));
    expect(api.calls[0]?.headers.get('authorization')).toBe('Bearer jwt-1');
  });

  it('ends the session with the server message on any other 401 (e.g. banned meanwhile)', async () => {
    mockApi({ 'POST /api/identity/token': signedIn('jwt-1') });
    await signIn();
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({
      'GET /api/shop/plans': () => json({ message: 'This account has been banned.' }, 401),
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
    await expect(apiFetch('shop', '/plans', planList)).rejects.toMatchObject({ status: 401, handled: true });
    await waitFor(() => expect(authText()).toBe('guest'));
    expect(api.keys()).not.toContain('POST /api/identity/token');
    expect(toast).toHaveBeenCalledExactlyOnceWith('This account has been banned.');
  });
});
