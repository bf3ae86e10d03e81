import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ArtifactRejected } from '../../apps/client/src/artifact-check.ts';
import { ClientApiError, type DeviceCode } from '../../apps/client/src/client-api.ts';
import { NotEntitled } from '../../apps/client/src/ember-client.ts';
import { ManifestRejected } from '../../apps/client/src/manifest-verifier.ts';
import {
  newGameClient,
  runClientCli,
  signedInGameClient,
  type WebsiteApi,
  websiteApi,
  websitePage,
} from '../support/game-client.ts';
import { expect, type Page, test } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// The game client's journey (issue 19) with the reference client (apps/client) as a library and as
// `npm run client`, against the e2e server and its demo seed:
// - customer (id 10, free: not VIP until commerce.spec runs after this file; the seed's vote 13
//   hours ago no longer adds a session) holds Quest Helper (plugin 8, price 9), a paused Herb Run Helper (plugin 15,
//   price 15), and not Wilderness Boss Tracker (plugin 34);
// - vip (id 9) is VIP: unlimited client sessions;
// - premium (id 8) holds Rooftop Runner Yearly (price 2), whose link to plugin 12 allows 2 sessions,
//   and buys Motherlode Miner Daily (price 13, 40 credits) to pause it: no other spec relies on
//   premium's subscriptions or credits, and developer.spec (premium's payouts) runs after this one.
// Each test signs its own client in and resets the account's sessions first, so tests do not
// depend on each other's order; the accounts' other specs do not read client sessions.

const CLIENT = 0;
const QUEST_HELPER = { id: 8, name: 'Quest Helper' };
const HERB_RUN_HELPER = { id: 15, name: 'Herb Run Helper' };
const WILDERNESS_BOSS_TRACKER = { id: 34, name: 'Wilderness Boss Tracker' };
const ROOFTOP_RUNNER = { id: 12, name: 'Rooftop Runner' };
const MOTHERLODE_MINER = { id: 13, name: 'Motherlode Miner', dailyPriceId: 13 };

const SESSION_ENDED = 'This session has ended. Open a new one.';
const REVOKED = 'This client sign-in was revoked. Sign in again.';

test.describe.configure({ timeout: scaled(60_000) });

/** A client name no other test uses, to find its row on /account. */
const uniqueName = (what: string) => `E2E ${what} ${Date.now().toString(36)}`;

/** The rejection of `call`, which must be a ClientApiError (a refusal with the server's message). */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the call was refused').toBeInstanceOf(ClientApiError);
  const { status, message } = error as ClientApiError;
  return { status, message };
}

async function resetSessions(website: WebsiteApi) {
  const reset = await website.delete('/sessions');
  expect(reset.status(), await reset.text()).toBe(200);
}

const toast = (page: Page, message: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(message, { exact: true });

test('customer signs the client in by approving its code on /device; the token works on the client API only', async ({
  browser,
  request,
  baseURL,
}) => {
  const website = await websiteApi(request, 'customer');
  const page = await websitePage(browser, 'customer');
  const { client, home } = newGameClient(baseURL ?? '');
  const name = uniqueName('device flow');

  let showCode: (code: DeviceCode) => void = () => {};
  const shown = new Promise<DeviceCode>((resolve) => {
    showCode = resolve;
  });
  // The client polls at the server's interval while the person approves in the browser.
  const signedIn = client.login({ clientName: name, onCode: showCode });
  const code = await shown;
  expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
  expect(code.verification_uri_complete).toBe(`${baseURL}/device?code=${code.user_code}`);

  await page.goto(code.verification_uri_complete);
  await expect(page.getByTestId('device-client')).toHaveText(name);
  await expect(page.getByText(code.user_code, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('device-outcome')).toContainText('Device approved!');
  await signedIn;

  const state = await client.state();
  expect(state.token).toMatch(/^emc_[\w-]{43}$/);
  expect(state.userId).toBe(website.userId);
  const manifest = await client.verifiedManifest();
  expect(manifest.userId).toBe(website.userId);

  // The CLI reads the same state: the manifest verifies.
  const plugins = await runClientCli(['plugins'], home);
  expect(plugins.stderr).toBe('');
  expect(plugins.code).toBe(0);
  expect(plugins.stdout).toContain(`for user ${website.userId}`);
  expect(plugins.stdout).toContain('(signature verified)');
  expect(plugins.stdout).toContain(QUEST_HELPER.name);

  // A client token is not a website sign-in.
  const shop = await request.get('/api/shop/client-tokens', {
    headers: { authorization: `Bearer ${state.token}` },
  });
  expect(shop.status()).toBe(401);

  // /account lists the device.
  await page.goto('/account');
  await expect(
    page.getByRole('table', { name: 'Signed-in devices' }).getByRole('rowheader', { name }),
  ).toBeVisible();
  await page.context().close();
});

test('a free customer opens 1 client session and is refused a second; after Reset sessions on /account one opens again', async ({
  browser,
  request,
  baseURL,
}) => {
  const website = await websiteApi(request, 'customer');
  await resetSessions(website);
  const { client, home } = await signedInGameClient(baseURL ?? '', website, uniqueName('free limit'));
  const api = await client.api();

  // A free account runs 1 client session; /account's session table shows the limit the API enforces.
  const summary = (await (await website.get(`/sessions/by-user/${website.userId}`)).json()) as {
    pluginId: number;
    max: number;
  }[];
  expect(summary.find((row) => row.pluginId === CLIENT)?.max, "/account's limit for the client").toBe(1);
  const limitMessage = 'You have reached your session limit for Client (1 of 1 running).';

  const first = await api.openSession(CLIENT);
  expect(first).toMatchObject({ pluginId: CLIENT, pluginName: 'Client', heartbeatSeconds: 30 });
  expect(await refusal(api.openSession(CLIENT))).toEqual({ status: 403, message: limitMessage });
  // The CLI says the same and exits with the documented code for a refusal.
  const cli = await runClientCli(['run', String(CLIENT), '--for', '1'], home);
  expect(cli.code).toBe(4);
  expect(cli.stderr.trim()).toBe(`Error: ${limitMessage}`);
  expect((await api.heartbeat(first.sessionId)).sessionId).toBe(first.sessionId);

  const page = await websitePage(browser, 'customer');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Reset sessions' }).click();
  await page
    .getByRole('dialog', { name: 'Reset sessions' })
    .getByRole('button', { name: 'Reset sessions' })
    .click();
  await expect(toast(page, 'Sessions cleared!')).toBeVisible();
  await page.context().close();

  expect(await refusal(api.heartbeat(first.sessionId))).toEqual({ status: 404, message: SESSION_ENDED });
  const again = await api.openSession(CLIENT);
  expect(again.sessionId).not.toBe(first.sessionId);
  await api.closeSession(again.sessionId);
  expect(await api.listSessions()).toEqual([]);
});

test('vip opens five client sessions', async ({ request, baseURL }) => {
  const website = await websiteApi(request, 'vip');
  await resetSessions(website);
  const { client } = await signedInGameClient(baseURL ?? '', website, uniqueName('vip'));
  const api = await client.api();

  const opened = [];
  for (let index = 0; index < 5; index++) opened.push(await api.openSession(CLIENT));
  expect(new Set(opened.map((session) => session.sessionId)).size).toBe(5);
  for (const session of opened) await api.heartbeat(session.sessionId);
  const running = await api.listSessions();
  expect(running.map((session) => session.sessionId).sort()).toEqual(
    opened.map((session) => session.sessionId).sort(),
  );
  for (const session of opened) await api.closeSession(session.sessionId);
  expect(await api.listSessions()).toEqual([]);
});

test('a plugin whose link allows 2 sessions refuses the third', async ({ request, baseURL }) => {
  const website = await websiteApi(request, 'premium');
  await resetSessions(website);
  const { client } = await signedInGameClient(baseURL ?? '', website, uniqueName('plugin limit'));
  const api = await client.api();
  expect((await client.verifiedManifest()).plugins.map((plugin) => plugin.id)).toContain(ROOFTOP_RUNNER.id);

  const first = await api.openSession(ROOFTOP_RUNNER.id);
  const second = await api.openSession(ROOFTOP_RUNNER.id);
  expect([first.pluginName, second.pluginName]).toEqual([ROOFTOP_RUNNER.name, ROOFTOP_RUNNER.name]);
  expect(await refusal(api.openSession(ROOFTOP_RUNNER.id))).toEqual({
    status: 403,
    message: `You have reached your session limit for ${ROOFTOP_RUNNER.name} (2 of 2 running).`,
  });
  // Closing one frees its slot.
  await api.closeSession(first.sessionId);
  const third = await api.openSession(ROOFTOP_RUNNER.id);
  await api.closeSession(second.sessionId);
  await api.closeSession(third.sessionId);
});

test('pausing a subscription on /account refuses its plugin on the next heartbeat', async ({
  browser,
  request,
  baseURL,
}) => {
  const website = await websiteApi(request, 'premium');
  await resetSessions(website);
  const bought = await website.post(`/subscriptions?priceId=${MOTHERLODE_MINER.dailyPriceId}`);
  expect(bought.status(), await bought.text()).toBe(201);
  const { client } = await signedInGameClient(baseURL ?? '', website, uniqueName('pause'));
  const api = await client.api();
  expect((await client.verifiedManifest()).plugins.map((plugin) => plugin.id)).toContain(MOTHERLODE_MINER.id);
  const session = await api.openSession(MOTHERLODE_MINER.id);
  await api.heartbeat(session.sessionId);

  const page = await websitePage(browser, 'premium');
  await page.goto('/account');
  // The newest purchase is listed first.
  await page
    .getByRole('button', { name: `Pause ${MOTHERLODE_MINER.name} (Daily)` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: `Pause ${MOTHERLODE_MINER.name} (Daily)` })
    .getByRole('button', { name: /^Pause for/ })
    .click();
  await expect(toast(page, 'Subscription paused successfully!')).toBeVisible();
  await page.context().close();

  // A paused plugin says when it comes back (issue 34, item 4), not that the user is not entitled.
  expect(await refusal(api.heartbeat(session.sessionId))).toEqual({
    status: 403,
    message: expect.stringMatching(
      new RegExp(`^${MOTHERLODE_MINER.name} is paused until \\d{1,2} [A-Z][a-z]+ \\d{4}\\.$`),
    ),
  });
  expect(await refusal(api.openSession(MOTHERLODE_MINER.id))).toMatchObject({ status: 403 });
  expect((await client.verifiedManifest()).plugins.map((plugin) => plugin.id)).not.toContain(
    MOTHERLODE_MINER.id,
  );
  expect(await refusal(api.requestDownload(MOTHERLODE_MINER.id))).toEqual({
    status: 403,
    message: 'You are not entitled to this plugin.',
  });
});

test('only entitled plugins download, and each download is checked against the signed manifest', async ({
  request,
  baseURL,
}) => {
  const website = await websiteApi(request, 'customer');
  // Flips one byte of every artifact download while `corrupt` is on: what a bad mirror would serve.
  let corrupt = false;
  const corruptingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!corrupt || !String(input).includes('/blobs/')) return response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    return new Response(bytes, { status: response.status, headers: response.headers });
  };
  const { client, home } = await signedInGameClient(baseURL ?? '', website, uniqueName('downloads'), {
    fetch: corruptingFetch,
  });
  const api = await client.api();

  const manifest = await client.verifiedManifest();
  const names = manifest.plugins.map((plugin) => plugin.name);
  expect(names).toContain(QUEST_HELPER.name);
  expect(names).not.toContain(HERB_RUN_HELPER.name); // its subscription is paused
  expect(names).not.toContain(WILDERNESS_BOSS_TRACKER.name); // never bought

  const { plugin, file } = await client.download(QUEST_HELPER.name, `${home}/downloads`);
  const bytes = await readFile(file);
  expect(plugin.id).toBe(QUEST_HELPER.id);
  expect(bytes.byteLength).toBe(plugin.size);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(plugin.sha256);

  // The server refuses what the user is not entitled to, whatever the client asks.
  for (const other of [WILDERNESS_BOSS_TRACKER, HERB_RUN_HELPER]) {
    expect(await refusal(api.requestDownload(other.id))).toEqual({
      status: 403,
      message: 'You are not entitled to this plugin.',
    });
  }
  await expect(client.download(HERB_RUN_HELPER.name, `${home}/downloads`)).rejects.toBeInstanceOf(
    NotEntitled,
  );
  const cli = await runClientCli(['download', String(WILDERNESS_BOSS_TRACKER.id)], home);
  expect(cli.code).toBe(4);
  expect(cli.stderr).toContain('is not in your signed manifest');

  // A signed URL works as given, not with its signature changed.
  const signed = await api.requestDownload(QUEST_HELPER.id);
  expect(signed).toMatchObject({ sha256: plugin.sha256, size: plugin.size });
  const url = new URL(signed.url);
  const signature = url.searchParams.get('signature') ?? '';
  url.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
  expect((await fetch(url)).status).toBe(403);

  // Bytes that are not the manifest's are refused and never written.
  corrupt = true;
  const refused = await client
    .download(QUEST_HELPER.name, `${home}/corrupt`)
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ArtifactRejected);
  expect((refused as Error).message).toMatch(
    /the download's sha256 [0-9a-f]{64} is not the signed manifest's/,
  );
  await expect(
    readFile(`${home}/corrupt/${QUEST_HELPER.name.replace(/ /g, '_')}-${plugin.version}.jar`),
  ).rejects.toThrow();
});

test('the client refuses a tampered, expired or older manifest', async ({ request, baseURL }) => {
  const website = await websiteApi(request, 'customer');
  // Serves the server's manifest, or what the test puts in its place.
  let replace: ((real: Record<string, unknown>) => unknown) | null = null;
  const seen: Record<string, unknown>[] = [];
  const interceptingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).endsWith('/manifest') || !response.ok) return response;
    const real = (await response.json()) as Record<string, unknown>;
    seen.push(structuredClone(real));
    const served = replace ? replace(real) : real;
    return new Response(JSON.stringify(served), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  let clock = () => new Date();
  const { client } = await signedInGameClient(baseURL ?? '', website, uniqueName('manifest checks'), {
    fetch: interceptingFetch,
    now: () => clock(),
  });
  const rejection = async () => {
    const error = await client.verifiedManifest().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ManifestRejected);
    return (error as Error).message;
  };

  const first = await client.verifiedManifest();
  const second = await client.verifiedManifest();
  expect(second.version).toBeGreaterThan(first.version);
  const [firstEnvelope, secondEnvelope] = seen;

  // Older (rolled back) and equal (replayed) versions.
  replace = () => firstEnvelope;
  expect(await rejection()).toBe(
    `The manifest is version ${first.version}, not newer than version ${second.version} accepted before (a replayed or rolled-back manifest).`,
  );
  replace = () => secondEnvelope;
  expect(await rejection()).toMatch(`version ${second.version}, not newer than version ${second.version}`);

  // Tampered: one plugin's sha256 changed after signing.
  replace = (real) => {
    const tampered = structuredClone(real) as { signed: { plugins: { sha256: string }[] } };
    const plugin = tampered.signed.plugins[0];
    if (plugin) plugin.sha256 = plugin.sha256.replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
    return tampered;
  };
  expect(await rejection()).toMatch(
    /^The manifest signature does not verify under a key the trusted root names/,
  );

  // Expired: a fresh, genuine manifest presented after its expiresAt (held back, then replayed).
  replace = null;
  const fresh = new Date();
  clock = () => new Date(fresh.getTime() + 2 * 60 * 60 * 1000);
  expect(await rejection()).toMatch(/^The manifest expired at /);
  clock = () => new Date();

  // None of that moved the client: the next genuine manifest is accepted.
  expect((await client.verifiedManifest()).version).toBeGreaterThan(second.version);
});

test('a device token signed out on /account, or through DELETE client-tokens, stops working on the next call', async ({
  browser,
  request,
  baseURL,
}) => {
  const website = await websiteApi(request, 'customer');
  const onAccountName = uniqueName('revoked on account');
  const onAccount = await signedInGameClient(baseURL ?? '', website, onAccountName);
  const throughApiName = uniqueName('revoked through api');
  const throughApi = await signedInGameClient(baseURL ?? '', website, throughApiName);
  expect(Array.isArray(await onAccount.client.sessions())).toBe(true);
  expect(Array.isArray(await throughApi.client.sessions())).toBe(true);

  const page = await websitePage(browser, 'customer');
  await page.goto('/account');
  await page.getByRole('button', { name: `Sign out ${onAccountName}` }).click();
  await page
    .getByRole('dialog', { name: `Sign out ${onAccountName}?` })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(toast(page, 'Device signed out.')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: onAccountName })).toHaveCount(0);
  await page.context().close();

  expect(await refusal(onAccount.client.sessions())).toEqual({ status: 401, message: REVOKED });
  expect(await refusal(onAccount.client.verifiedManifest())).toEqual({ status: 401, message: REVOKED });
  const cli = await runClientCli(['sessions'], onAccount.home);
  expect(cli.code).toBe(3);
  expect(cli.stderr.trim()).toBe(`Error: ${REVOKED}`);

  // The other device still works until it is revoked through the API.
  expect(Array.isArray(await throughApi.client.sessions())).toBe(true);
  const tokens = (await (await website.get('/client-tokens')).json()) as { id: number; name: string }[];
  const token = tokens.find((candidate) => candidate.name === throughApiName);
  expect(tokens.map((candidate) => candidate.name)).not.toContain(onAccountName);
  const revoked = await website.delete(`/client-tokens/${token?.id}`);
  expect(revoked.ok(), await revoked.text()).toBe(true);
  expect(await refusal((await throughApi.client.api()).openSession(CLIENT))).toEqual({
    status: 401,
    message: REVOKED,
  });
});
