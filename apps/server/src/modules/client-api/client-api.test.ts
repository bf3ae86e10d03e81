import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  CLIENT_TOKEN_REVOKED_MESSAGE,
  canonicalJson,
  DEVICE_CODE_INVALID_MESSAGE,
  type ManifestKeysResponse,
  type ManifestResponse,
  NOT_ENTITLED_TO_DOWNLOAD_MESSAGE,
} from '@ember/contracts/client-api';
import { ACCOUNT_HELD_MESSAGE } from '@ember/contracts/commerce';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { pluginLinks } from '@ember/db/schema/delivery';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import { FREE_PRICE_ID } from '@ember/db/seed/data/plans';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { BANNED_MESSAGE } from '../../plugins/access-control.ts';
import {
  CLIENT_BASE,
  form,
  freshDataDir,
  movableClock,
  pollToken,
  SHOP_BASE,
  signInClient,
  startDeviceSignIn,
} from './client-api.fixtures.ts';
import { clientApiJobs } from './client-api.jobs.ts';
import { createClientTokens } from './client-tokens.service.ts';
import { demoArtifactBytes } from './demo-artifacts.ts';
import { createDeviceAuthorizations } from './device-authorizations.service.ts';

let ctx: TestContext;
const clock = movableClock();

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir() }, { clock });
});

afterAll(async () => {
  await ctx?.close();
});

const shop = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  username: 'customer' | 'vip' = 'customer',
) =>
  ctx.app.inject({
    method,
    url: `${SHOP_BASE}${url}`,
    headers: await asUser(ctx, username, { clock }),
  });

const client = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url: `${CLIENT_BASE}${url}`, headers, payload });

describe('device sign-in (RFC 8628)', () => {
  it('gives a code pair, waits, slows a fast poller down, and gives the token once after approval', async () => {
    const started = await startDeviceSignIn(ctx, 'Ember client on DESKTOP-1');
    expect(started).toMatchObject({
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: `${ctx.env.PUBLIC_URL}/device`,
      verification_uri_complete: `${ctx.env.PUBLIC_URL}/device?code=${started.user_code}`,
      expires_in: 900,
      interval: 5,
    });
    expect(started.device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const pending = await pollToken(ctx, started.device_code);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ error: 'authorization_pending' });
    expect((await pollToken(ctx, started.device_code)).json()).toMatchObject({ error: 'slow_down' });

    // The website accepts the code in any case, without the dash.
    const typed = started.user_code.replace('-', '').toLowerCase();
    const shown = await shop('GET', `/device-authorizations/${typed}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      userCode: started.user_code,
      clientName: 'Ember client on DESKTOP-1',
    });
    const approved = await shop('POST', `/device-authorizations/${typed}/approve`);
    expect(approved.json()).toEqual({ message: 'Device approved!' });
    const again = await shop('GET', `/device-authorizations/${typed}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: DEVICE_CODE_INVALID_MESSAGE });

    clock.advance(11_000);
    const token = await pollToken(ctx, started.device_code);
    expect(token.statusCode).toBe(200);
    expect(token.json()).toEqual({
      access_token: expect.stringMatching(/^emc_[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      scope: 'client',
      user_id: DEMO_USER_IDS.customer,
    });
    clock.advance(11_000);
    expect((await pollToken(ctx, started.device_code)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers a denied, an expired, an unknown code and a wrong client or grant with their RFC errors', async () => {
    const denied = await startDeviceSignIn(ctx);
    expect((await shop('POST', `/device-authorizations/${denied.user_code}/deny`)).json()).toEqual({
      message: 'Device denied.',
    });
    expect((await pollToken(ctx, denied.device_code)).json()).toMatchObject({ error: 'access_denied' });

    const expired = await startDeviceSignIn(ctx);
    clock.advance(901_000);
    expect((await pollToken(ctx, expired.device_code)).json()).toMatchObject({ error: 'expired_token' });
    expect((await shop('POST', `/device-authorizations/${expired.user_code}/approve`)).statusCode).toBe(404);

    expect((await pollToken(ctx, 'not-a-device-code')).json()).toMatchObject({ error: 'invalid_grant' });
    const fresh = await startDeviceSignIn(ctx);
    expect((await pollToken(ctx, fresh.device_code, { client_id: 'other' })).json()).toMatchObject({
      error: 'invalid_client',
    });
    const wrongGrant = await pollToken(ctx, fresh.device_code, { grant_type: 'password' });
    expect(wrongGrant.statusCode).toBe(400);
    expect(wrongGrant.json()).toMatchObject({ error: 'unsupported_grant_type', message: expect.any(String) });
    const wrongClient = await ctx.app.inject({
      method: 'POST',
      url: `${CLIENT_BASE}/device/code`,
      ...form({ client_id: 'someone-else' }),
    });
    expect(wrongClient.statusCode).toBe(400);
    expect(wrongClient.json()).toMatchObject({ error: 'invalid_client' });
    expect((await shop('GET', '/device-authorizations/AEIO-UAEI')).statusCode).toBe(404);
  });

  it('sweeps requests a day after they expired', async () => {
    const devices = createDeviceAuthorizations({
      db: ctx.database.db,
      clock,
      tokens: createClientTokens({ db: ctx.database.db, clock, onBatchError: () => {} }),
      publicUrl: ctx.env.PUBLIC_URL,
    });
    const job = clientApiJobs({
      deleteExpiredDeviceCodes: () => devices.deleteExpired(),
    }).deleteExpiredDeviceCodes;
    const old = await startDeviceSignIn(ctx);
    clock.advance(901_000);
    const recent = await startDeviceSignIn(ctx);
    clock.advance(24 * 3_600_000);
    const result = (await job.handler({}, { id: 'test', retryCount: 0 })) as { deleted: number };
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect((await pollToken(ctx, old.device_code)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await pollToken(ctx, recent.device_code)).json()).toMatchObject({ error: 'expired_token' });
  });

  it('is documented under its own tag in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [route, method] of [
      ['/api/client/device/code', 'post'],
      ['/api/client/token', 'post'],
      ['/api/client/manifest', 'get'],
      ['/api/client/sessions', 'post'],
    ] as const) {
      expect(doc.paths[route]?.[method]?.tags, route).toEqual(['client']);
    }
  });

  it('also takes JSON bodies', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${CLIENT_BASE}/device/code`,
      payload: { client_id: 'ember-client' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ interval: 5 });
  });
});

describe('client tokens', () => {
  it('work on the client API only, and a product JWT does not work there', async () => {
    const token = await signInClient(ctx, 'customer', clock);
    expect((await client('GET', '/manifest', token)).statusCode).toBe(200);
    for (const url of [
      '/api/shop/client-tokens',
      '/api/shop/sessions/by-user/10',
      '/api/commerce/orders',
      '/api/admin/jobs/failed',
    ]) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: token });
      expect(refused.statusCode, url).toBe(401);
    }
    const jwt = await client('GET', '/manifest', await asUser(ctx, 'customer', { clock }));
    expect(jwt.statusCode).toBe(401);
    expect((await client('GET', '/manifest', {})).statusCode).toBe(401);
  });

  it('are listed on the account, and a revoked one stops working on the next call', async () => {
    const token = await signInClient(ctx, 'vip', clock);
    await client('GET', '/manifest', token);
    const listed = await shop('GET', '/client-tokens', 'vip');
    const rows = listed.json() as { id: number; name: string; lastUsedAt: string | null }[];
    expect(rows[0]).toMatchObject({ name: 'Ember client on TEST-PC', lastUsedAt: expect.any(String) });
    expect((await shop('DELETE', `/client-tokens/${rows[0]?.id}`, 'customer')).statusCode).toBe(403);
    const revoked = await shop('DELETE', `/client-tokens/${rows[0]?.id}`, 'vip');
    expect(revoked.json()).toEqual({ message: 'Device signed out.' });
    const after = await client('GET', '/manifest', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: CLIENT_TOKEN_REVOKED_MESSAGE });
    expect((await shop('GET', '/client-tokens', 'vip')).json()).toHaveLength(rows.length - 1);
  });

  it('stop working on the next call after a ban, and answer 403 while the account is held', async () => {
    const token = await signInClient(ctx, 'developer', clock);
    const { db } = ctx.database;
    await db.update(users).set({ enabled: false }).where(eq(users.id, DEMO_USER_IDS.developer));
    const banned = await client('GET', '/manifest', token);
    expect(banned.statusCode).toBe(401);
    expect(banned.json()).toEqual({ message: BANNED_MESSAGE });
    await db
      .update(users)
      .set({ enabled: true, heldAt: clock(), holdReason: 'dispute' })
      .where(eq(users.id, DEMO_USER_IDS.developer));
    const held = await client('GET', '/manifest', token);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toEqual({ message: ACCOUNT_HELD_MESSAGE });
    await db
      .update(users)
      .set({ heldAt: null, holdReason: null })
      .where(eq(users.id, DEMO_USER_IDS.developer));
    expect((await client('GET', '/manifest', token)).statusCode).toBe(200);
  });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the signed manifest', () => {
  let token: Record<string, string>;
  beforeAll(async () => {
    token = await signInClient(ctx, 'customer', clock);
  });

  const manifest = async () => (await client('GET', '/manifest', token)).json() as ManifestResponse;

  it('verifies with the published current key, grows its version and expires after the TTL', async () => {
    const { keys } = (await client('GET', '/keys', {})).json() as ManifestKeysResponse;
    expect(keys.map((key) => key.status).sort()).toEqual(['current', 'next']);
    const first = await manifest();
    const second = await manifest();
    expect(second.signed.version).toBe(first.signed.version + 1);
    expect(second.signed.userId).toBe(DEMO_USER_IDS.customer);
    expect(Date.parse(second.signed.expiresAt) - Date.parse(second.signed.issuedAt)).toBe(3600_000);
    const [signature] = second.signatures;
    const key = keys.find((candidate) => candidate.keyId === signature?.keyId);
    expect(key?.status).toBe('current');
    const publicKey = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(key?.publicKey ?? '', 'base64').toString('base64url'),
      },
      format: 'jwk',
    });
    const bytes = Buffer.from(canonicalJson(second.signed));
    expect(verify(null, bytes, publicKey, Buffer.from(signature?.sig ?? '', 'base64'))).toBe(true);
    const tampered = Buffer.from(canonicalJson({ ...second.signed, version: second.signed.version + 1 }));
    expect(verify(null, tampered, publicKey, Buffer.from(signature?.sig ?? '', 'base64'))).toBe(false);
  });

  it('lists only the plugins of running subscriptions, with their demo artifacts', async () => {
    const { plugins } = (await manifest()).signed;
    const ids = plugins.map((plugin) => plugin.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Free Essentials (1, 2, 3) and Rooftop Runner (12) run; Herb Run Helper (15) is paused, 22 refunded.
    expect(ids).toEqual(expect.arrayContaining([1, 2, 3, 12]));
    expect(ids).not.toContain(15);
    expect(ids).not.toContain(22);
    for (const plugin of plugins) {
      const bytes = demoArtifactBytes(plugin.name, plugin.version);
      expect(plugin).toMatchObject({ sha256: sha256(bytes), size: bytes.byteLength });
    }
  });

  it('drops a plugin switched off on its subscription, and a paused subscription’s plugin', async () => {
    const { db } = ctx.database;
    const subscriptionOf = async (priceId: number) => {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, DEMO_USER_IDS.customer), eq(subscriptions.priceId, priceId)));
      return row?.id;
    };
    const [bankTabs] = await db
      .select({ id: pluginLinks.id })
      .from(pluginLinks)
      .where(and(eq(pluginLinks.priceId, FREE_PRICE_ID), eq(pluginLinks.pluginId, 2)));
    const switchedOff = await shop(
      'POST',
      `/disabled-plugin-links?subscriptionId=${await subscriptionOf(FREE_PRICE_ID)}&pluginLinkId=${bankTabs?.id}`,
    );
    expect(switchedOff.statusCode).toBeLessThan(300);
    const afterSwitch = (await manifest()).signed.plugins.map((plugin) => plugin.id);
    expect(afterSwitch).not.toContain(2);
    expect(afterSwitch).toEqual(expect.arrayContaining([1, 3, 12]));

    const paused = await shop('PUT', `/subscriptions/${await subscriptionOf(1)}/pause?days=7`);
    expect(paused.statusCode).toBe(200);
    expect((await manifest()).signed.plugins.map((plugin) => plugin.id)).not.toContain(12);
  });
});

describe('downloads', () => {
  let token: Record<string, string>;
  beforeAll(async () => {
    token = await signInClient(ctx, 'customer', clock);
  });

  const download = (pluginId: number) => client('POST', '/downloads', token, { pluginId });
  const fetchUrl = (url: string) =>
    ctx.app.inject({ method: 'GET', url: url.replace(ctx.env.PUBLIC_URL, '') });

  it('gives an entitled plugin’s bytes behind a short-lived signed URL', async () => {
    const res = await download(3);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { url: string; sha256: string; size: number; expiresAt: string };
    expect(body.url.startsWith(`${ctx.env.PUBLIC_URL}${CLIENT_BASE}/blobs/${body.sha256}?`)).toBe(true);
    const bytes = await fetchUrl(body.url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/java-archive');
    expect(sha256(bytes.rawPayload)).toBe(body.sha256);
    expect(bytes.rawPayload.byteLength).toBe(body.size);
  });

  it('refuses a plugin the user is not entitled to, and a tampered or expired URL', async () => {
    const refused = await download(15);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_ENTITLED_TO_DOWNLOAD_MESSAGE });

    const { url } = (await download(1)).json() as { url: string };
    const otherUser = url.replace(/user=\d+/, `user=${DEMO_USER_IDS.vip}`);
    expect((await fetchUrl(otherUser)).statusCode).toBe(403);
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await fetchUrl(forged)).statusCode).toBe(403);
    const later = url.replace(/expires=(\d+)/, (_m, expires) => `expires=${Number(expires) + 3600}`);
    expect((await fetchUrl(later)).statusCode).toBe(403);
    // Issue 32: only the canonical decimal spelling url() wrote, not another spelling of the same number.
    expect((await fetchUrl(url)).statusCode).toBe(200);
    const userId = /user=(\d+)/.exec(url)?.[1] ?? '';
    const expires = /expires=(\d+)/.exec(url)?.[1] ?? '';
    for (const spelling of [
      url.replace(/user=\d+/, `user=0${userId}`),
      url.replace(/user=\d+/, `user=0x${Number(userId).toString(16)}`),
      url.replace(/user=\d+/, `user=%2B${userId}`),
      url.replace(/expires=\d+/, `expires=${expires}.0`),
      url.replace(/expires=\d+/, `expires=${Number(expires) / 1000}e3`),
      url.replace(/expires=\d+/, `expires=%20${expires}`),
    ]) {
      expect((await fetchUrl(spelling)).statusCode, spelling).toBe(403);
    }
    clock.advance(301_000);
    const expired = await fetchUrl(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ message: 'This download link is not valid or has expired.' });
  });
});
