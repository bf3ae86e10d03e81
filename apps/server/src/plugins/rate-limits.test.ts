import { TOO_MANY_REQUESTS_MESSAGE } from '@ember/contracts/errors';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../test-support/auth.ts';
import { useTestApp } from '../../test-support/test-app.ts';

// Small limits so each one is reached in a few requests; every test uses its own client address,
// so the counts of one test never spill into another.

const ctx = useTestApp({
  RATE_LIMIT_PER_MINUTE: '40',
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '3',
  RATE_LIMIT_SPENDING_PER_MINUTE: '2',
  RATE_LIMIT_SESSION_RESTORE_PER_MINUTE: '5',
});

const from = (remoteAddress: string, request: InjectOptions) => ctx.app.inject({ ...request, remoteAddress });

async function statusesOf(count: number, send: () => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send()).statusCode);
  return statuses;
}

describe('the per-address ceiling', () => {
  it('refuses a flooding client with 429, a message and Retry-After, while other clients are served', async () => {
    const flood = await statusesOf(40, () => from('192.0.2.10', { method: 'GET', url: '/healthz' }));
    expect(flood.every((status) => status === 200)).toBe(true);

    const refused = await from('192.0.2.10', { method: 'GET', url: '/healthz' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    const neighbour = await from('192.0.2.11', { method: 'GET', url: '/healthz' });
    expect(neighbour.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 network, so rotating addresses inside it does not help', async () => {
    const statuses = await statusesOf(41, async () => {
      const host = Math.floor(Math.random() * 0xffff).toString(16);
      return from(`2001:db8:1:2::${host}`, { method: 'GET', url: '/healthz' });
    });
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    expect((await from('2001:db8:1:3::1', { method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('limits on sign-in and spending', () => {
  it('counts the authorize, code exchange, refresh and token calls of one address together', async () => {
    const address = '192.0.2.20';
    await from(address, { method: 'GET', url: '/api/identity/discord/authorize' });
    await from(address, { method: 'POST', url: '/api/identity/discord/token?code=x&state=y' });
    await from(address, { method: 'PUT', url: '/api/identity/discord/refresh' });
    const fourth = await from(address, { method: 'POST', url: '/api/identity/token' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
  });

  it('limits purchases, gifts and credit transfers per account', async () => {
    const headers = await asUser(ctx, 'customer');
    const routes = [
      { method: 'POST', url: '/api/shop/subscriptions?priceId=999999' },
      { method: 'POST', url: '/api/shop/subscriptions/gift?priceId=999999&discordId=314159265358979303' },
      { method: 'PUT', url: '/api/shop/users/transfer-credits?discordId=314159265358979303&amount=1' },
    ] as const;
    for (const [index, route] of routes.entries()) {
      const address = `192.0.2.${30 + index}`;
      const statuses = await statusesOf(3, () => from(address, { ...route, headers }));
      expect(statuses.slice(0, 2)).not.toContain(429);
      expect(statuses[2]).toBe(429);
    }
  });

  it('checks the limit before the sign-in, so a flood with bad tokens is refused without verifying them', async () => {
    const headers = { authorization: 'Bearer not-a-token' };
    const statuses = await statusesOf(3, () =>
      from('192.0.2.40', { method: 'POST', url: '/api/shop/subscriptions?priceId=1', headers }),
    );
    expect(statuses).toEqual([401, 401, 429]);
  });
});

// Issue 24, item 12: reloading pages signed people out, and a shared address (a household, a campus,
// a mobile carrier) turned the whole site into 'Too many requests'.
describe('what a shared address is not charged for', () => {
  it('counts a session restore per session, not against the sign-in limit of the address', async () => {
    const address = '192.0.2.60';
    const restore = (token: string) =>
      from(address, {
        method: 'POST',
        url: '/api/identity/token',
        headers: { authorization: `Bearer ${token}` },
      });
    // Ten visitors behind one address reload: far past the sign-in limit (3), none is refused.
    const visitors = await statusesOf(10, () => restore(`chat-token-${Math.random()}`));
    expect(visitors).not.toContain(429);
    // One session restoring without end is held back by its own limit (5).
    const one = await statusesOf(6, () => restore('one-chat-token'));
    expect(one.slice(0, 5)).not.toContain(429);
    expect(one[5]).toBe(429);
    const refresh = await from(address, {
      method: 'PUT',
      url: '/api/identity/discord/refresh',
      cookies: { refresh: 'another-refresh-token' },
    });
    expect(refresh.statusCode).not.toBe(429);
  });

  it('does not count pages or files, and counts signed-in calls per account', async () => {
    const address = '192.0.2.61';
    await statusesOf(40, () => from(address, { method: 'GET', url: '/healthz' }));
    expect((await from(address, { method: 'GET', url: '/healthz' })).statusCode).toBe(429);
    const pages = await statusesOf(45, () => from(address, { method: 'GET', url: '/shop' }));
    expect(new Set(pages)).toEqual(new Set([200]));
    expect((await from(address, { method: 'GET', url: '/route-preloads.json' })).statusCode).toBe(200);
    const signedIn = await from(address, {
      method: 'GET',
      url: '/api/shop/users/me',
      headers: await asUser(ctx, 'vip'),
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('answers a page address over the limit with an HTML page, never a JSON body', async () => {
    const address = '192.0.2.62';
    await statusesOf(40, () => from(address, { method: 'GET', url: '/healthz' }));
    const page = await from(address, {
      method: 'GET',
      url: '/no-such-page',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['retry-after']).toBeDefined();
    expect(page.body).toContain(TOO_MANY_REQUESTS_MESSAGE);
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (res: { headers: Record<string, unknown> }) => {
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  };

  it('are sent on refusals too: 401, 403, 404 and 429', async () => {
    const unauthorized = await from('192.0.2.50', { method: 'GET', url: '/api/shop/users/me' });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);

    const forbidden = await from('192.0.2.50', {
      method: 'GET',
      url: '/api/shop/transactions',
      headers: await asUser(ctx, 'customer'),
    });
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden);

    const missing = await from('192.0.2.50', { method: 'GET', url: '/api/shop/does-not-exist' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);

    const statuses = await statusesOf(4, () =>
      from('192.0.2.51', { method: 'POST', url: '/api/identity/token' }),
    );
    expect(statuses[3]).toBe(429);
    expectSecurityHeaders(await from('192.0.2.51', { method: 'POST', url: '/api/identity/token' }));
  });
});
