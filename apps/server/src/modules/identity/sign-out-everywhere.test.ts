import { CLIENT_TOKEN_REVOKED_MESSAGE } from '@ember/contracts/client-api';
import { REFRESH_COOKIE_DAYS } from '@ember/contracts/constants';
import { signInGrants } from '@ember/db/schema/identity';
import { describe, expect, it } from 'vitest';
import { useTestAppOn } from '../../../test-support/app-on-fake.ts';
import { startFakeDiscord } from '../../../test-support/fake-discord-server.ts';
import {
  approveOnProvider,
  type BrowserCookies,
  browserSignIn,
  refreshSession,
  restoreSession,
} from '../../../test-support/provider-sign-in.ts';
import { signInClientWith } from '../client-api/client-api.fixtures.ts';
import { identityJobs } from './identity.jobs.ts';
import { createSignInGrants } from './sign-in-grants.ts';

// Issue 32, item 5: signing out means signed out. Another browser signed itself back in on its next
// page load, and a copied `token` cookie kept minting product tokens for 30 days.

const { ctx, fake } = useTestAppOn(startFakeDiscord);

const SESSION_EXPIRED = { message: 'Your session has expired' };

async function signedInBrowser(username: string) {
  const cookies = await browserSignIn(ctx, username);
  const restored = await restoreSession(ctx, cookies);
  expect(restored.statusCode, restored.body).toBe(200);
  return { cookies, jwt: String(restored.headers.authorization) };
}

const me = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/shop/users/me', headers: { authorization } });
const manifest = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/client/manifest', headers: { authorization } });
const logOut = (browser: { cookies: BrowserCookies; jwt: string }, scope: 'this-device' | 'all-devices') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/identity/logout?scope=${scope}`,
    headers: { authorization: browser.jwt },
    cookies: { token: browser.cookies.token, refresh: browser.cookies.refresh },
  });

describe('Log out of all devices', () => {
  it('leaves the other browsers and the game client signed out on their next call', async () => {
    const laptop = await signedInBrowser('premium');
    const phone = await signedInBrowser('premium');
    // The phone refreshed its grant before the sign-out: the new grant is as old as its sign-in.
    const refreshed = await refreshSession(ctx, phone.cookies);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const game = await signInClientWith(ctx, { authorization: phone.jwt });
    expect((await manifest(game.authorization)).statusCode).toBe(200);

    expect((await logOut(laptop, 'all-devices')).statusCode).toBe(204);

    // The phone's next page load, its refresh, its product JWT, its refreshed grant: all refused.
    for (const answer of [
      await restoreSession(ctx, phone.cookies),
      await restoreSession(ctx, refreshed.cookies),
      await me(phone.jwt),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(SESSION_EXPIRED);
    }
    expect((await refreshSession(ctx, refreshed.cookies)).statusCode).toBe(401);
    // The laptop's own cookies, copied before it signed out, sign nobody in either.
    expect((await restoreSession(ctx, laptop.cookies)).statusCode).toBe(401);
    const client = await manifest(game.authorization);
    expect(client.statusCode).toBe(401);
    expect(client.json()).toEqual({ message: CLIENT_TOKEN_REVOKED_MESSAGE });

    // Signing in afresh works.
    const again = await signedInBrowser('premium');
    expect((await me(again.jwt)).statusCode).toBe(200);
  });
});

describe('Log out (this device)', () => {
  it("makes this browser's copied cookies useless and leaves the account's other browsers signed in", async () => {
    const shared = await signedInBrowser('vip');
    const other = await signedInBrowser('vip');
    expect((await logOut(shared, 'this-device')).statusCode).toBe(204);

    expect((await restoreSession(ctx, shared.cookies)).statusCode).toBe(401);
    expect((await refreshSession(ctx, shared.cookies)).statusCode).toBe(401);
    expect((await restoreSession(ctx, other.cookies)).statusCode).toBe(200);
    expect((await refreshSession(ctx, other.cookies)).statusCode).toBe(200);
  });
});

describe('grants on record', () => {
  it('signs nobody in with a chat-platform token the sign-in did not hand out', async () => {
    // A token the provider gave for a code exchanged by someone else than the store's sign-in.
    const start = await ctx.app.inject({ method: 'GET', url: '/api/identity/discord/authorize' });
    const authorizeUrl = new URL(String(start.headers.location));
    const approve = await approveOnProvider(authorizeUrl, { username: 'customer' });
    const code = new URL(approve.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const direct = await fetch(`${fake.origin}/api/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: fake.env.DISCORD_CLIENT_ID ?? '',
        client_secret: fake.env.DISCORD_CLIENT_SECRET ?? '',
        grant_type: 'authorization_code',
        code,
        redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
      }),
    });
    expect(direct.status).toBe(200);
    const { access_token: token } = (await direct.json()) as { access_token: string };
    const unknown = await restoreSession(ctx, { token });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(SESSION_EXPIRED);
  });

  it('retires a grant once refreshed: its old token stops signing in', async () => {
    const browser = await signedInBrowser('customer');
    const refreshed = await refreshSession(ctx, browser.cookies);
    expect(refreshed.statusCode).toBe(200);
    expect((await restoreSession(ctx, browser.cookies)).statusCode).toBe(401);
    expect((await restoreSession(ctx, refreshed.cookies)).statusCode).toBe(200);
  });

  it("are swept by the nightly job: revoked ones after a day, all after the refresh cookie's 30 days", async () => {
    const kept = await signedInBrowser('customer');
    const other = await signedInBrowser('premium');
    const refreshed = await refreshSession(ctx, other.cookies);
    const countOf = async () =>
      (await ctx.database.db.select({ id: signInGrants.id }).from(signInGrants)).length;
    const sweepAt = (days: number) => {
      const grants = createSignInGrants({
        db: ctx.database.db,
        clock: () => new Date(Date.now() + days * 86_400_000),
      });
      const job = identityJobs({ sweepGrants: () => grants.sweep() }).sweepGrants;
      return job.handler({}, { id: 'test', retryCount: 0 }) as Promise<{ deleted: number }>;
    };

    expect(await sweepAt(0.5)).toEqual({ deleted: 0 });
    const before = await countOf();
    // The grant the refresh retired is gone a day later; the grants in use stay and still sign in.
    expect((await sweepAt(1.5)).deleted).toBeGreaterThanOrEqual(1);
    expect(await countOf()).toBeLessThan(before);
    expect((await restoreSession(ctx, kept.cookies)).statusCode).toBe(200);
    expect((await restoreSession(ctx, refreshed.cookies)).statusCode).toBe(200);
    // Past REFRESH_COOKIE_DAYS no browser keeps the cookie: every grant is deleted, and a copy signs nobody in.
    await sweepAt(REFRESH_COOKIE_DAYS + 1);
    expect(await countOf()).toBe(0);
    expect((await restoreSession(ctx, kept.cookies)).statusCode).toBe(401);
  });
});
