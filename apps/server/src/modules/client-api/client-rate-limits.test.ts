import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { CLIENT_BASE, freshDataDir, signInClient } from './client-api.fixtures.ts';

// Issue 32: game-client calls were counted against their address only, so players behind one
// address (a household, a campus, a carrier's NAT) shared one budget, and one account on many
// addresses had as many. Now a client token counts against its account; anything else against its
// address, as before.

const CEILING = 12;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir(), RATE_LIMIT_PER_MINUTE: String(CEILING) });
});

afterAll(async () => {
  await ctx?.close();
});

const manifestFrom = (address: string, authorization: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `${CLIENT_BASE}/manifest`,
    headers: { authorization },
    remoteAddress: address,
  });

async function statusesOf(count: number, call: () => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await call()).statusCode);
  return statuses;
}

describe('game-client rate limits', () => {
  it('count a client token against its account, whatever address it calls from', async () => {
    const customer = await signInClient(ctx, 'customer');
    const vip = await signInClient(ctx, 'vip');
    const household = '192.0.2.70';

    // The customer spends the account's budget (its approval on the website counted one already).
    const spent = await statusesOf(CEILING, () => manifestFrom(household, customer.authorization));
    expect(spent.slice(0, CEILING - 2)).not.toContain(429);
    expect(spent.at(-1)).toBe(429);
    // Another player behind the same address keeps their own budget...
    expect((await manifestFrom(household, vip.authorization)).statusCode).toBe(200);
    // ...and the same account from another address does not get a new one.
    expect((await manifestFrom('192.0.2.71', customer.authorization)).statusCode).toBe(429);
  });

  it('count a call without a client token in force against its address', async () => {
    const forged = `Bearer emc_${'A'.repeat(43)}`;
    const statuses = await statusesOf(CEILING + 1, () => manifestFrom('192.0.2.72', forged));
    expect(statuses.slice(0, CEILING)).toEqual(Array(CEILING).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back by it.
    expect((await manifestFrom('192.0.2.73', forged)).statusCode).toBe(401);
  });
});
