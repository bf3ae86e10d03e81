import { TOO_MANY_REQUESTS_MESSAGE } from '@ember/contracts/errors';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../testing/auth.ts';
import { createTestApp, type TestContext } from '../testing/test-app.ts';

// Small limits so each one is reached in a few requests; every test uses its own client address,
// so the counts of one test never spill into another.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    RATE_LIMIT_PER_MINUTE: '40',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '3',
    RATE_LIMIT_SPENDING_PER_MINUTE: '2',
  });
});

afterAll(async () => {
  await ctx?.close();
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

  it('limits purchases, gifts and credit transfers per address', async () => {
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
