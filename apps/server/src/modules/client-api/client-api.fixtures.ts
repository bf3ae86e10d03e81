import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS, type DemoUsername } from '@ember/db/seed/demo-accounts';
import { asUser } from '../../testing/auth.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { createProductTokens } from '../identity/product-token.ts';

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
  return signInClientWith(ctx, clock ? await asUserAt(ctx, username, clock) : await asUser(ctx, username));
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

/** Product-JWT headers minted at the (moved) test clock, so shop calls keep working after `clock.advance`. */
export async function asUserAt(ctx: TestContext, username: DemoUsername, clock: () => Date) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`No demo account named ${username}`);
  const tokens = createProductTokens({ secret: ctx.env.JWT_SECRET, ttlSeconds: 3600, clock });
  const jwt = await tokens.sign({
    sub: String(account.id),
    discordId: account.discordId,
    roles: [...account.roles],
  });
  return { authorization: `Bearer ${jwt}` };
}
