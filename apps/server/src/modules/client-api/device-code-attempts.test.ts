import { DEVICE_CODE_INVALID_MESSAGE } from '@ember/contracts/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { CLIENT_BASE, form, freshDataDir, SHOP_BASE } from './client-api.fixtures.ts';

// Issue 32: user codes are short (RFC 8628 §5.1), so the website's lookups and approvals count the
// codes that were not valid, per account and per address; and the approval page says when and
// roughly from where the code was asked for.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir() });
});

afterAll(async () => {
  await ctx?.close();
});

async function askForCode(address: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${CLIENT_BASE}/device/code`,
    remoteAddress: address,
    ...form({ client_id: 'ember-client', client_name: 'Ember client on LAPTOP' }),
  });
  return res.json() as { user_code: string };
}

const website = async (
  username: 'customer' | 'vip' | 'staff',
  address: string,
  method: 'GET' | 'POST',
  url: string,
) =>
  ctx.app.inject({
    method,
    url: `${SHOP_BASE}/device-authorizations/${url}`,
    headers: await asUser(ctx, username),
    remoteAddress: address,
  });

describe('codes that were not valid', () => {
  it('are counted per account: past 20 in 15 minutes even a good code waits', async () => {
    const { user_code: good } = await askForCode('198.51.100.20');
    for (let index = 0; index < 20; index++) {
      const address = `198.51.100.${100 + index}`;
      const wrong = await website(
        'customer',
        address,
        index % 2 ? 'GET' : 'POST',
        index % 2 ? 'BCDFBCDF' : 'BCDFBCDF/approve',
      );
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toEqual({ message: DEVICE_CODE_INVALID_MESSAGE });
    }
    const held = await website('customer', '198.51.100.99', 'GET', good);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({
      message: 'Too many codes that were not valid. You can try again in 15 minutes.',
    });
    expect(held.headers['retry-after']).toBeDefined();
    // Another account is not held back by it, and approves.
    expect((await website('vip', '198.51.100.99', 'POST', `${good}/approve`)).statusCode).toBe(200);
  });

  it('are counted per address, across accounts', async () => {
    const shared = '192.0.2.150';
    for (let index = 0; index < 20; index++) {
      expect((await website(index % 2 ? 'vip' : 'staff', shared, 'GET', 'ZZZZZZZZ')).statusCode).toBe(404);
    }
    expect((await website('vip', shared, 'GET', 'ZZZZZZZZ')).statusCode).toBe(429);
    expect((await website('vip', '192.0.2.151', 'GET', 'ZZZZZZZZ')).statusCode).toBe(404);
  });
});

describe('the approval page', () => {
  it('says when the code was asked for and from which network, never the address itself', async () => {
    const { user_code: code } = await askForCode('203.0.113.77');
    const shown = await website('staff', '192.0.2.200', 'GET', code);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ requestedFrom: '203.0.113.0/24', createdAt: expect.any(String) });
    expect(shown.body).not.toContain('203.0.113.77');

    const { user_code: v6 } = await askForCode('2001:db8:abcd:12:1:2:3:4');
    expect((await website('staff', '192.0.2.200', 'GET', v6)).json().requestedFrom).toBe(
      '2001:db8:abcd::/48',
    );
  });
});
