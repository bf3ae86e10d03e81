import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DemoUsername } from '@ember/db/demo/demo-accounts';
import { asUser } from '../../../test-support/auth.ts';
import type { TestContext } from '../../../test-support/test-app.ts';

export const CLIENT_BASE = '/api/client';
export const SHOP_BASE = '/api/shop';
export const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** A test app's own data folder (the local blob store lives there), never the repository's ./data. */
export const freshDataDir = async () =>
  path.join(await mkdtemp(path.join(tmpdir(), 'ember-client-api-')), 'data');

/** A clock tests move forward: `clock.advance(ms)`. */
export function movableClock() {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return Object.assign(now, {
    advance(ms: number) {
      offsetMs += ms;
    },
  });
}

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
  payload: new URLSearchParams(fields).toString(),
});

export async function startDeviceSignIn(ctx: TestContext, clientName = 'Ember client on TEST-PC') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${CLIENT_BASE}/device/code`,
    ...form({ client_id: 'ember-client', client_name: clientName }),
  });
  if (res.statusCode !== 200) throw new Error(`device/code answered ${res.statusCode}: ${res.body}`);
  return res.json() as { device_code: string; user_code: string; interval: number };
}

export const pollToken = (ctx: TestContext, deviceCode: string, fields: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `${CLIENT_BASE}/token`,
    ...form({ grant_type: GRANT, device_code: deviceCode, client_id: 'ember-client', ...fields }),
  });

/** The whole device flow for a demo account: a client token, as an Authorization header. */
export async function signInClient(ctx: TestContext, username: DemoUsername, clock?: () => Date) {
  return signInClientWith(ctx, await asUser(ctx, username, { clock }));
}

/** The device flow approved with these website headers (any account's). */
export async function signInClientWith(ctx: TestContext, websiteHeaders: Record<string, string>) {
  const started = await startDeviceSignIn(ctx);
  const approved = await ctx.app.inject({
    method: 'POST',
    url: `${SHOP_BASE}/device-authorizations/${started.user_code}/approve`,
    headers: websiteHeaders,
  });
  if (approved.statusCode !== 200)
    throw new Error(`approve answered ${approved.statusCode}: ${approved.body}`);
  const token = await pollToken(ctx, started.device_code);
  if (token.statusCode !== 200) throw new Error(`token answered ${token.statusCode}: ${token.body}`);
  return { authorization: `Bearer ${(token.json() as { access_token: string }).access_token}` };
}
