import { createHmac } from 'node:crypto';
import { DEMO_ACCOUNTS } from '@ember/db/demo/demo-accounts';
import { users } from '@ember/db/schema/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestAppOn } from '../../../test-support/app-on-fake.ts';
import { startFakeDiscord } from '../../../test-support/fake-discord-server.ts';
import { approveOnProvider } from '../../../test-support/provider-sign-in.ts';
import { createTestApp } from '../../../test-support/test-app.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../config/env.ts';
import { routeAccess } from '../../policy/policy.ts';
import { createProductTokens } from './product-token.ts';

const LOGIN_FAILED = 'Login failed. Make sure you have joined our Discord server before logging in.';

const { ctx, fake } = useTestAppOn(startFakeDiscord);

function cookieValue(
  setCookie: string | string[] | undefined,
  name: string,
): { value: string; attributes: string } | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  const [pair = '', ...rest] = line.split(';');
  return { value: decodeURIComponent(pair.slice(name.length + 1)), attributes: rest.join(';') };
}

/** Walks the real flow: our authorize redirect, the provider's consent page over HTTP, the code exchange. */
async function signInThroughProvider(
  app: FastifyInstance,
  username: string,
  anotherUser: Record<string, string> = {},
) {
  const start = await app.inject({ method: 'GET', url: '/api/identity/discord/authorize' });
  expect(start.statusCode).toBe(302);
  const state = cookieValue(start.headers['set-cookie'], 'oauth_state');
  expect(state?.attributes).toMatch(/HttpOnly/i);
  const authorizeUrl = new URL(String(start.headers.location));
  expect(authorizeUrl.searchParams.get('scope')).toBe('identify guilds.members.read');
  expect(authorizeUrl.searchParams.get('response_type')).toBe('code');

  const page = await fetch(authorizeUrl);
  expect(await page.text()).toContain(
    anotherUser.new_user ? 'Another Discord user' : `Continue as ${username}`,
  );
  const approve = await approveOnProvider(authorizeUrl, {
    state: authorizeUrl.searchParams.get('state') ?? '',
    username,
    ...anotherUser,
  });
  expect(approve.status).toBe(302);
  const back = new URL(approve.headers.get('location') ?? '');
  expect(back.pathname).toBe('/oauth2');

  const exchange = await app.inject({
    method: 'POST',
    url: `/api/identity/discord/token?${back.searchParams}&redirectUri=${encodeURIComponent(`${ctx.env.PUBLIC_URL}/oauth2`)}`,
    cookies: { oauth_state: state?.value ?? '' },
  });
  return exchange;
}

async function productJwtFor(username: string) {
  const exchange = await signInThroughProvider(ctx.app, username);
  const signIn = await ctx.app.inject({
    method: 'POST',
    url: '/api/identity/token',
    headers: { authorization: `Bearer ${exchange.json().access_token}` },
  });
  return signIn;
}

describe('sign-in through the real OAuth2 client against the fake provider over HTTP', () => {
  it('lets another Discord user than the demo accounts sign in, as a new customer with the id given', async () => {
    const exchange = await signInThroughProvider(ctx.app, 'new.player_1', {
      new_user: '1',
      discord_id: '912345678901234567',
      global_name: 'New Player',
    });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/token',
      headers: { authorization: exchange.json().access_token },
    });
    expect(signIn.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'new.player_1'));
    expect(row).toMatchObject({
      discordId: '912345678901234567',
      displayName: 'New Player',
      roles: ['CUSTOMER'],
      enabled: true,
    });
  });

  it('refuses another user whose name Discord would refuse, or a known name with another id', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/identity/discord/authorize' });
    const authorizeUrl = new URL(String(start.headers.location));
    for (const [username, discordId] of [
      ['Not Allowed', '912345678901234568'],
      ['owner', '912345678901234569'],
    ] as const) {
      const approve = await approveOnProvider(authorizeUrl, {
        username,
        discord_id: discordId,
        new_user: '1',
      });
      expect(approve.status).toBe(400);
      expect(await approve.text()).toBe('Invalid sign-in request.');
    }
  });

  it('exchanges the code, sets the cookies, and issues a product JWT whose roles match the database', async () => {
    const exchange = await signInThroughProvider(ctx.app, 'owner');
    expect(exchange.statusCode).toBe(200);
    const body = exchange.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(body).not.toHaveProperty('refresh_token');
    const refresh = cookieValue(exchange.headers['set-cookie'], 'refresh');
    expect(refresh?.attributes).toMatch(/HttpOnly/i);
    expect(refresh?.attributes).toMatch(/SameSite=Lax/i);
    expect(refresh?.attributes).toMatch(/Max-Age=2592000/);
    expect(cookieValue(exchange.headers['set-cookie'], 'token')?.value).toBe(body.access_token);

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/token',
      headers: { authorization: body.access_token },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['x-discord-member']).toBe('true');
    const jwt = String(signIn.headers.authorization).replace('Bearer ', '');
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());

    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'owner'));
    expect(row?.id).toBe(3);
    expect(claims.sub).toBe('3');
    expect([...claims.roles].sort()).toEqual([...(row?.roles ?? [])].sort());

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/users/me',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: 3,
      username: 'owner',
      discordId: row?.discordId,
      balance: row?.balance,
    });
  });

  it('creates the account on first sign-in of a new member', async () => {
    const signIn = await productJwtFor('customer');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({
      username: 'customer',
      roles: expect.arrayContaining(['CUSTOMER']),
    });
  });

  it('refuses a non-member with 403 and the login-failure message', async () => {
    const signIn = await productJwtFor('outsider');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ message: LOGIN_FAILED });
  });

  it('refuses a banned account with a clear message', async () => {
    const signIn = await productJwtFor('banned');
    expect(signIn.statusCode).toBe(423);
    expect(signIn.json().message).toMatch(/banned/);
  });

  it('saves the page named by returnTo for after the sign-in (a link that works without JavaScript)', async () => {
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/identity/discord/authorize?returnTo=${encodeURIComponent('/device?code=MQGK-VCPG')}`,
    });
    expect(start.statusCode).toBe(302);
    const saved = cookieValue(start.headers['set-cookie'], 'redirectUri');
    expect(saved?.value).toBe('/device?code=MQGK-VCPG');
    expect(saved?.attributes).not.toMatch(/HttpOnly/i); // the page reads it once signed in
    expect(saved?.attributes).toMatch(/Path=\//);

    const without = await ctx.app.inject({ method: 'GET', url: '/api/identity/discord/authorize' });
    expect(cookieValue(without.headers['set-cookie'], 'redirectUri')).toBeNull();
  });

  it.each(['https://evil.example/steal', '//evil.example', '/\\evil.example', 'device'])(
    'refuses returnTo=%s: not a page of this site',
    async (returnTo) => {
      const start = await ctx.app.inject({
        method: 'GET',
        url: `/api/identity/discord/authorize?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(start.statusCode).toBe(400);
      expect(start.json()).toEqual({
        message: 'The page to return to after signing in must be a page of this site.',
      });
      expect(cookieValue(start.headers['set-cookie'], 'redirectUri')).toBeNull();
    },
  );

  it('rejects a state that does not match the one it issued', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/identity/discord/authorize' });
    const state = cookieValue(start.headers['set-cookie'], 'oauth_state')?.value ?? '';
    const redirectUri = encodeURIComponent(`${ctx.env.PUBLIC_URL}/oauth2`);
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: `/api/identity/discord/token?code=abc&state=forged&redirectUri=${redirectUri}`,
      cookies: { oauth_state: state },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/sign-in request expired or was not started here/);

    const missingCookie = await ctx.app.inject({
      method: 'POST',
      url: `/api/identity/discord/token?code=abc&state=${state}&redirectUri=${redirectUri}`,
    });
    expect(missingCookie.statusCode).toBe(400);
  });

  it('answers a request without a code (a bookmarked /oauth2) in words, not zod text', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/identity/discord/token' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The sign-in code is missing.' });
  });

  it('rejects a code that was already used', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/identity/discord/authorize' });
    const state = cookieValue(start.headers['set-cookie'], 'oauth_state')?.value ?? '';
    const redirectUri = encodeURIComponent(`${ctx.env.PUBLIC_URL}/oauth2`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/identity/discord/token?code=never-issued&state=${state}&redirectUri=${redirectUri}`,
      cookies: { oauth_state: state },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/code is invalid/);
  });

  it('refreshes with the refresh cookie and rotates it', async () => {
    const exchange = await signInThroughProvider(ctx.app, 'vip');
    const refresh = cookieValue(exchange.headers['set-cookie'], 'refresh')?.value ?? '';
    const renewed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/identity/discord/refresh',
      cookies: { refresh },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().access_token).not.toBe(exchange.json().access_token);
    const reused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/identity/discord/refresh',
      cookies: { refresh },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: 'Your session has expired' });
  });

  it('logout of all devices revokes the session server-side: the product JWT, the refresh cookie and the chat token stop at once', async () => {
    const exchange = await signInThroughProvider(ctx.app, 'staff');
    const chatToken = exchange.json().access_token;
    const refresh = cookieValue(exchange.headers['set-cookie'], 'refresh')?.value ?? '';
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/token',
      headers: { authorization: `Bearer ${chatToken}` },
    });
    const jwt = String(signIn.headers.authorization);
    const meWith = (authorization: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/shop/users/me', headers: { authorization } });
    expect((await meWith(jwt)).statusCode).toBe(200);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/logout?scope=all-devices',
      headers: { authorization: jwt },
      cookies: { token: chatToken, refresh },
    });
    expect(logout.statusCode).toBe(204);

    const after = await meWith(jwt);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Your session has expired' });
    const refreshed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/identity/discord/refresh',
      cookies: { refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/token',
      headers: { authorization: `Bearer ${chatToken}` },
    });
    expect(again.statusCode).toBe(401);

    // Signing in afresh works and gives a token the server accepts.
    const fresh = await productJwtFor('staff');
    expect((await meWith(String(fresh.headers.authorization))).statusCode).toBe(200);
  });

  it('logout clears both session cookies', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/identity/logout' });
    expect(res.statusCode).toBe(204);
    expect(cookieValue(res.headers['set-cookie'], 'token')?.attributes).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cookieValue(res.headers['set-cookie'], 'refresh')?.attributes).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  // Issue 24, item 12: signing out one browser signed the account out everywhere.
  it('logout of this device (the default) leaves the account signed in on its other devices', async () => {
    const phone = await signInThroughProvider(ctx.app, 'developer');
    const laptop = await productJwtFor('developer');
    const laptopJwt = String(laptop.headers.authorization);
    const phoneToken = phone.json().access_token;
    const phoneJwt = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/token',
      headers: { authorization: `Bearer ${phoneToken}` },
    });
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      headers: { authorization: String(phoneJwt.headers.authorization) },
      cookies: {
        token: phoneToken,
        refresh: cookieValue(phone.headers['set-cookie'], 'refresh')?.value ?? '',
      },
    });
    expect(logout.statusCode).toBe(204);
    expect(cookieValue(logout.headers['set-cookie'], 'refresh')?.attributes).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/users/me',
      headers: { authorization: laptopJwt },
    });
    expect(me.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/identity/logout?scope=everywhere' })).statusCode,
    ).toBe(400);
  });
});

// Issue 24, item 12: a page load restores the session; it is limited per account, not per address.
describe('session restores', () => {
  it('are counted per account, whatever the browser or the address', async () => {
    const limited = await createTestApp({ ...fake.env, RATE_LIMIT_SESSION_RESTORE_PER_MINUTE: '3' });
    try {
      const restore = async (username: string, index: number) => {
        const exchange = await signInThroughProvider(limited.app, username);
        return limited.app.inject({
          method: 'POST',
          url: '/api/identity/token',
          headers: { authorization: `Bearer ${exchange.json().access_token}` },
          remoteAddress: `198.51.100.${index}`,
        });
      };
      const browsers = [];
      for (let index = 1; index <= 4; index++) browsers.push((await restore('vip', index)).statusCode);
      expect(browsers).toEqual([200, 200, 200, 429]);
      expect((await restore('premium', 1)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('product JWT checks', () => {
  const me = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/shop/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
  const customer = () => DEMO_ACCOUNTS.find((a) => a.username === 'customer')!;

  async function userId(username: string) {
    const [row] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    return String(row?.id);
  }

  it('rejects a call without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You must be logged in to perform this action.' });
  });

  it('rejects a tampered token', async () => {
    const tokens = createProductTokens({ secret: ctx.env.JWT_SECRET, ttlSeconds: 600 });
    const jwt = await tokens.sign({
      sub: await userId('customer'),
      discordId: customer().discordId,
      roles: ['CUSTOMER'],
    });
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '3', roles: ['OWNER', 'ADMIN'] })).toString(
      'base64url',
    );
    const res = await me(`${header}.${forged}.${signature}`);
    expect(res.statusCode).toBe(401);
  });

  it('rejects an expired token with the session-expired message', async () => {
    const past = createProductTokens({
      secret: ctx.env.JWT_SECRET,
      ttlSeconds: 60,
      clock: () => new Date(Date.now() - 3_600_000),
    });
    const jwt = await past.sign({
      sub: await userId('customer'),
      discordId: customer().discordId,
      roles: ['CUSTOMER'],
    });
    const res = await me(jwt);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has expired' });
  });

  it('rejects alg none and algorithms outside the allow-list', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = {
      sub: '3',
      discordId: 'x',
      roles: ['OWNER'],
      iss: 'ember-identity',
      aud: 'ember-api',
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    expect((await me(none)).statusCode).toBe(401);

    const unsigned = `${encode({ alg: 'HS512', typ: 'JWT' })}.${encode(claims)}`;
    const hs512 = `${unsigned}.${createHmac('sha512', ctx.env.JWT_SECRET).update(unsigned).digest('base64url')}`;
    expect((await me(hs512)).statusCode).toBe(401);
  });

  /** A token signed with the real secret but with claims chosen by the test. */
  async function signRaw(claims: Record<string, unknown>, build?: (jwt: SignJWT) => SignJWT) {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('ember-identity')
      .setAudience('ember-api');
    return (build ? build(jwt) : jwt).sign(new TextEncoder().encode(ctx.env.JWT_SECRET));
  }
  const customerClaims = () => ({ discordId: customer().discordId, roles: ['CUSTOMER'], ver: 0 });

  it('accepts a well-formed token signed by hand (the baseline of the checks below)', async () => {
    const jwt = await signRaw({ ...customerClaims(), sub: await userId('customer') }, (t) =>
      t.setIssuedAt().setExpirationTime('10m'),
    );
    expect((await me(jwt)).statusCode).toBe(200);
  });

  it('rejects a token without an expiry', async () => {
    const jwt = await signRaw({ ...customerClaims(), sub: await userId('customer') }, (t) => t.setIssuedAt());
    const res = await me(jwt);
    expect(res.statusCode).toBe(401);
  });

  it('rejects a token older than the maximum token age, whatever its expiry says', async () => {
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
    const jwt = await signRaw({ ...customerClaims(), sub: await userId('customer') }, (t) =>
      t.setIssuedAt(twoHoursAgo).setExpirationTime('30d'),
    );
    const res = await me(jwt);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has expired' });
  });

  it('rejects a subject that is not a canonical positive integer', async () => {
    const id = await userId('customer');
    for (const sub of [`0${id}`, `${id}.0`, `0x${Number(id).toString(16)}`, ` ${id}`, `${id}e0`, '-1', '0']) {
      const jwt = await signRaw({ ...customerClaims(), sub }, (t) =>
        t.setIssuedAt().setExpirationTime('10m'),
      );
      expect((await me(jwt)).statusCode, sub).toBe(401);
    }
  });

  it('shuts out a user banned while signed in on their next call', async () => {
    const signIn = await productJwtFor('developer');
    const jwt = String(signIn.headers.authorization).replace('Bearer ', '');
    expect((await me(jwt)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ enabled: false }).where(eq(users.username, 'developer'));
    const after = await me(jwt);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/banned/);
    await ctx.database.db.update(users).set({ enabled: true }).where(eq(users.username, 'developer'));
  });
});

describe('authorization mechanism', () => {
  it('refuses to boot when an API route does not say who may call it', async () => {
    const app = await buildApp({ env: ctx.env, database: ctx.database });
    expect(() => app.get('/api/shop/undeclared', async () => ({}))).toThrow(/does not declare config.access/);
    await app.close();
  });

  it('answers 403 when the caller lacks the route role', async () => {
    const app = await buildApp({ env: ctx.env, database: ctx.database });
    app.get('/api/shop/admin-only', { config: { access: routeAccess('user:list') } }, async () => ({
      ok: true,
    }));
    const customerJwt = String((await productJwtFor('customer')).headers.authorization);
    const adminJwt = String((await productJwtFor('admin')).headers.authorization);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/shop/admin-only',
          headers: { authorization: customerJwt },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/shop/admin-only', headers: { authorization: adminJwt } }))
        .statusCode,
    ).toBe(200);
    await app.close();
  });

  it('production mode refuses the fake sign-in provider', () => {
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        JWT_SECRET: 'q7Vd2mX9pL4sR8tK1wZ6yB3nF0hJ5cG2',
        DATABASE_URL: 'postgres://db.internal:5432/store',
      }),
    ).toThrow(/DISCORD_CLIENT_ID: is required in production/);
  });
});

describe('DELETE /sessions', () => {
  it("ends only the caller's game-client sessions", async () => {
    const { clientSessions } = await import('@ember/db/schema/sessions');
    const jwt = String((await productJwtFor('vip')).headers.authorization);
    const vipId = Number(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/shop/users/me', headers: { authorization: jwt } })
      ).json().id,
    );
    await ctx.database.db.insert(clientSessions).values([
      { userId: vipId, pluginId: 0, pluginName: 'Client' },
      { userId: 3, pluginId: 0, pluginName: 'Client' },
    ]);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/shop/sessions',
      headers: { authorization: jwt },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db.select().from(clientSessions).where(eq(clientSessions.userId, vipId));
    expect(left).toHaveLength(0);
    const owners = await ctx.database.db.select().from(clientSessions).where(eq(clientSessions.userId, 3));
    expect(owners.length).toBeGreaterThanOrEqual(1);
  });
});
