import { sign } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ed25519PrivateKey, pluginTargetPath } from '@ember/contracts/tuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalBytes } from '../../../../client/src/canonical-json.ts';
import { createEmberClient } from '../../../../client/src/ember-client.ts';
import { createStateStore } from '../../../../client/src/state-store.ts';
import { trustCommand } from '../../../../client/src/trust/trust-cli.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { CLIENT_BASE, freshDataDir, signInClient } from '../client-api/client-api.fixtures.ts';
import { parseOnlineKeys } from './online-keys.ts';
import { developerRelease, hexOf, keyIdOf, newKey } from './tuf.fixtures.ts';
import { customersFirstPlugin, publishRelease } from './tuf-app.fixtures.ts';
import { createTufRepository } from './tuf-repository.service.ts';

// Root rotation end to end, with the operator's command (`npm run trust`, the same function): root 2
// replaces root key C by D, the timestamp key and drops a retired manifest key; root 3 replaces the
// snapshot key. The store only receives the signed files. A deployed client follows each rotation on
// its next run, without a reinstall; a client that only has root 1 walks 1 → 2 → 3.

let ctx: TestContext;
let operator: string;
let signedDir: string;
let origin: string;
let plugin: { id: number; name: string; version: string; sha256: string; size: number };
const developerKey = newKey();
const EXPIRES = new Date(Date.now() + 300 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const key = (name: string) => path.join(operator, `${name}.pem`);
const trust = (...argv: string[]) => trustCommand(argv, () => true);
const pemOf = async (name: string) => readFile(key(name), 'utf8');
const onlineKeys = async (timestamp: string, snapshot: string) =>
  JSON.stringify({
    timestamp: await pemOf(timestamp),
    snapshot: await pemOf(snapshot),
    obfuscated: await pemOf('obfuscated'),
  });

/** `npm run trust -- root …` then each holder's `sign`, and the file dropped in TUF_SIGNED_DIR. */
async function signedRoot(version: number, keys: Record<string, string | string[]>, signers: string[]) {
  const file = path.join(operator, `${version}.root.json`);
  const flags = Object.entries(keys).flatMap(([role, names]) =>
    [names].flat().flatMap((name) => [`--${role}`, key(name)]),
  );
  await trust('root', '--version', String(version), '--expires', EXPIRES, '--out', file, ...flags);
  for (const signer of signers) await trust('sign', file, '--key', key(signer));
  await copyFile(file, path.join(signedDir, `${version}.root.json`));
}

/** The server restarted with the new online keys: its refresh job publishes the root and re-signs. */
async function serverRefreshWith(timestamp: string, snapshot: string) {
  await createTufRepository({
    db: ctx.database.db,
    clock: () => new Date(),
    keys: parseOnlineKeys(await onlineKeys(timestamp, snapshot), 'test'),
    signedDir,
    timestampTtlSeconds: 86_400,
    activeSigningKeys: async () => [{ keyid: keyIdOf(developerKey), publicKeyHex: hexOf(developerKey) }],
  }).refresh();
}

async function installedClient(shippedRoot: string, home?: string) {
  const dir = home ?? (await mkdtemp(path.join(tmpdir(), 'ember-rotation-client-')));
  const store = createStateStore(dir);
  if (!home) {
    const { authorization } = await signInClient(ctx, 'customer');
    const { userId } = (
      await ctx.app.inject({ url: `${CLIENT_BASE}/manifest`, headers: { authorization } })
    ).json().signed;
    await store.save({ ...(await store.load()), token: authorization.slice('Bearer '.length), userId });
  }
  const toListening: typeof fetch = (url, init) =>
    fetch(String(url).replace(ctx.env.PUBLIC_URL, origin), init);
  const client = createEmberClient({
    store,
    server: origin,
    base: CLIENT_BASE,
    trust: { root: shippedRoot },
    fetch: toListening,
  });
  return { client, home: dir };
}

const trustedRootVersion = async (home: string) =>
  JSON.parse(
    await readFile(
      path.join(home, 'tuf', encodeURIComponent(`${origin}${CLIENT_BASE}`), 'root.json'),
      'utf8',
    ),
  ).signed.version;

async function runsThePlugin(client: Awaited<ReturnType<typeof installedClient>>['client']) {
  const manifest = await client.verifiedManifest();
  expect(manifest.plugins.map((entry) => entry.id)).toContain(plugin.id);
  const { file } = await client.download(plugin.id, await mkdtemp(path.join(tmpdir(), 'jar-')));
  expect((await readFile(file)).length).toBe(plugin.size);
}

let shippedRoot: string;

beforeAll(async () => {
  operator = await mkdtemp(path.join(tmpdir(), 'ember-operator-'));
  signedDir = path.join(operator, 'signed');
  await mkdir(signedDir);
  for (const name of ['root-a', 'root-b', 'root-c', 'targets', 'timestamp', 'snapshot', 'obfuscated']) {
    await trust('keygen', '--out', key(name));
  }
  for (const name of ['manifest-retired', 'manifest']) await trust('keygen', '--out', key(name));
  await signedRoot(
    1,
    {
      root: ['root-a', 'root-b', 'root-c'],
      targets: 'targets',
      snapshot: 'snapshot',
      timestamp: 'timestamp',
      manifest: ['manifest-retired', 'manifest'],
    },
    ['root-a', 'root-b'],
  );
  shippedRoot = await readFile(path.join(signedDir, '1.root.json'), 'utf8');

  ctx = await createTestApp({
    DATA_DIR: await freshDataDir(),
    TUF_SIGNED_DIR: signedDir,
    TUF_ONLINE_KEYS: await onlineKeys('timestamp', 'snapshot'),
    MANIFEST_SIGNING_KEYS: JSON.stringify([
      { keyId: 'store-2', privateKey: await pemOf('manifest'), status: 'current' },
    ]),
  });
  origin = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');

  // The customer's first plugin, released by its developer; the operator delegates to their key.
  const { first, ownerId } = await customersFirstPlugin(ctx);
  plugin = first;
  const developers = path.join(operator, 'developers.json');
  await writeFile(
    developers,
    JSON.stringify([{ developerId: ownerId, publicKeysHex: [hexOf(developerKey)] }]),
  );
  const targetsFile = path.join(signedDir, '1.targets.json');
  await trust(
    'targets',
    ...['--version', '1', '--expires', EXPIRES, '--developers', developers],
    ...['--obfuscated', key('obfuscated'), '--out', targetsFile],
  );
  await trust('sign', targetsFile, '--key', key('targets'));
  const target = pluginTargetPath(ownerId, first.name, first.version);
  const repository = createTufRepository({
    db: ctx.database.db,
    clock: () => new Date(),
    keys: parseOnlineKeys(await onlineKeys('timestamp', 'snapshot'), 'test'),
    signedDir,
    timestampTtlSeconds: 86_400,
    activeSigningKeys: async () => [{ keyid: keyIdOf(developerKey), publicKeyHex: hexOf(developerKey) }],
  });
  await repository.importSigned();
  const body = developerRelease(ownerId, 1, { [target]: { sha256: first.sha256, size: first.size } }, [
    developerKey,
  ]);
  await publishRelease(ctx, repository, { developerId: ownerId, pluginId: first.id, target, body });
});

afterAll(async () => {
  await ctx?.close();
});

describe('rotating a root key and the online keys with `npm run trust`', () => {
  it('keeps the deployed client working without a reinstall, and a client with only root 1 follows the chain', async () => {
    const deployed = await installedClient(shippedRoot);
    await runsThePlugin(deployed.client);
    expect(await trustedRootVersion(deployed.home)).toBe(1);

    // Root 2: root key C out, D in; a new timestamp key; the retired manifest key dropped. Holders A
    // and B sign (2 of root 1's keys), and D (so 3 of root 2's).
    for (const name of ['root-d', 'timestamp-2']) await trust('keygen', '--out', key(name));
    const root2 = {
      root: ['root-a', 'root-b', 'root-d'],
      targets: 'targets',
      snapshot: 'snapshot',
      timestamp: 'timestamp-2',
      manifest: 'manifest',
    };
    await signedRoot(2, root2, ['root-a', 'root-b', 'root-d']);
    await serverRefreshWith('timestamp-2', 'snapshot');
    await runsThePlugin((await installedClient(shippedRoot, deployed.home)).client);
    expect(await trustedRootVersion(deployed.home)).toBe(2);

    // Root 3: a new snapshot key, signed by A and D (2 of root 2's keys and of its own).
    await trust('keygen', '--out', key('snapshot-2'));
    await signedRoot(3, { ...root2, snapshot: 'snapshot-2' }, ['root-a', 'root-d']);
    await serverRefreshWith('timestamp-2', 'snapshot-2');
    await runsThePlugin((await installedClient(shippedRoot, deployed.home)).client);
    expect(await trustedRootVersion(deployed.home)).toBe(3);

    const fresh = await installedClient(shippedRoot);
    await runsThePlugin(fresh.client);
    expect(await trustedRootVersion(fresh.home)).toBe(3);
  });

  it('refuses a root 4 signed by a root key rotated out (C) and one still in (A): 1 of the threshold of 2', async () => {
    await signedRoot(
      4,
      {
        root: ['root-a', 'root-b', 'root-c'],
        targets: 'targets',
        snapshot: 'snapshot-2',
        timestamp: 'timestamp-2',
        manifest: 'manifest',
      },
      ['root-a', 'root-c'],
    );
    await expect(serverRefreshWith('timestamp-2', 'snapshot-2')).rejects.toThrow(
      "Root 4 is not signed by the threshold of root 3's keys.",
    );
  });

  it('refuses a manifest signed by the retired manifest key, even with version 100000', async () => {
    const retired = ed25519PrivateKey(await pemOf('manifest-retired'));
    const deployed = await installedClient(shippedRoot);
    const genuine = await deployed.client.verifiedManifest();
    const forged = { ...genuine, version: 100_000 };
    const envelope = {
      signed: forged,
      signatures: [{ keyId: 'store-1', sig: sign(null, canonicalBytes(forged), retired).toString('base64') }],
    };
    const state = createStateStore(deployed.home);
    const forgingFetch: typeof fetch = async (url, init) =>
      String(url).endsWith('/manifest')
        ? new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } })
        : fetch(String(url).replace(ctx.env.PUBLIC_URL, origin), init);
    const attacked = createEmberClient({
      store: state,
      server: origin,
      base: CLIENT_BASE,
      trust: { root: shippedRoot },
      fetch: forgingFetch,
    });
    await expect(attacked.verifiedManifest()).rejects.toThrow(
      'The manifest signature does not verify under a key the trusted root names (signed by: store-1).',
    );
    // Not locked out: the store's next genuine manifest is still accepted.
    expect((await deployed.client.verifiedManifest()).version).toBeGreaterThan(genuine.version);
  });
});
