import { createHash, type KeyObject } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildTopLevelTargets,
  developerRoleName,
  parseMetadata,
  pluginTargetPath,
  signMetadata,
  TUF_SPEC_VERSION,
} from '@ember/contracts/tuf';
import { plugins } from '@ember/db/schema/delivery';
import { tufMetadata } from '@ember/db/schema/tuf';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { createBlobStore } from '../../integrations/blob-store/create-blob-store.ts';
import { CLIENT_BASE, freshDataDir, signInClient } from '../client-api/client-api.fixtures.ts';
import { parseOnlineKeys } from './online-keys.ts';
import { developerRelease, hexOf, inDays, keyIdOf, newKey, operatorTrust, pemOf } from './tuf.fixtures.ts';
import { customerClient, customersFirstPlugin, publishRelease } from './tuf-app.fixtures.ts';
import { createTufRepository } from './tuf-repository.service.ts';

// The reference client (apps/client) against the store, trusting only the root it ships with; then
// the attack suite: the attacker holds the server's online keys (timestamp, snapshot, manifest) and
// its database, but none of the operator's offline keys nor the developer's.

let ctx: TestContext;
let trust: Awaited<ReturnType<typeof operatorTrust>>;
let origin: string;
let plugin: { id: number; name: string; version: string; ownerId: number; sha256: string; size: number };
const developerKey = newKey();
const attackerKey = newKey();

const repositoryWith = (keys = parseOnlineKeys(trust.env.TUF_ONLINE_KEYS, 'test')) =>
  createTufRepository({
    db: ctx.database.db,
    clock: () => new Date(),
    keys,
    signedDir: trust.signedDir,
    timestampTtlSeconds: 86_400,
    activeSigningKeys: async () => [{ keyid: keyIdOf(developerKey), publicKeyHex: hexOf(developerKey) }],
  });

async function player(shippedRoot = trust.shippedRoot) {
  const { client, start } = await customerClient(ctx, origin, shippedRoot, 'ember-client-trust-');
  // `again`: the same installation (state and trusted metadata) started as a fresh process.
  return Object.assign(client, { again: start });
}

/** What the stolen server does with the online keys: sign a snapshot and timestamp over what it wrote. */
const resign = () => repositoryWith().refresh();

beforeAll(async () => {
  trust = await operatorTrust([]);
  const manifestKeys = JSON.stringify([
    { keyId: 'store-1', privateKey: pemOf(trust.keys.manifest), status: 'current' },
  ]);
  ctx = await createTestApp({
    DATA_DIR: await freshDataDir(),
    ...trust.env,
    MANIFEST_SIGNING_KEYS: manifestKeys,
  });
  origin = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');

  // A plugin of the customer's manifest, released by its developer with a signed role.
  const { first, ownerId } = await customersFirstPlugin(ctx);
  plugin = { ...first, ownerId };
  const targets = buildTopLevelTargets({
    version: 2,
    expires: inDays(365),
    developers: [{ developerId: plugin.ownerId, publicKeysHex: [hexOf(developerKey)] }],
    obfuscatedKeyHex: hexOf(trust.keys.obfuscated),
  });
  signMetadata(targets, trust.keys.targets);
  await trust.write('2.targets.json', targets);
  const target = pluginTargetPath(plugin.ownerId, plugin.name, plugin.version);
  const repository = repositoryWith();
  await repository.importSigned();
  const body = developerRelease(
    plugin.ownerId,
    1,
    { [target]: { sha256: plugin.sha256, size: plugin.size } },
    [developerKey],
  );
  await publishRelease(ctx, repository, { developerId: plugin.ownerId, pluginId: plugin.id, target, body });
});

afterAll(async () => {
  await ctx?.close();
});

describe('the reference client trusts the root it ships with', () => {
  it('verifies the manifest under the root-named key and the jar through TUF, pinning nothing at sign-in', async () => {
    const client = await player();
    const manifest = await client.verifiedManifest();
    const listed = manifest.plugins.find((entry) => entry.id === plugin.id);
    expect(listed?.target).toBe(pluginTargetPath(plugin.ownerId, plugin.name, plugin.version));
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'jar-')), 'out');
    const { file, classPath } = await client.download(plugin.id, out);
    expect(file).toMatch(/\.jar$/);
    // A plugin that bundles nothing leaves its jar alone in the folder, with no empty `.lib` beside it.
    expect(classPath).toEqual([file]);
    expect(await readdir(out)).toEqual([path.basename(file)]);
    expect((await client.state()).manifestKeys).toEqual([hexOf(trust.keys.manifest)]);
  });

  it('serves a target by its hash-prefixed path to a player entitled to it, and to nobody else', async () => {
    const target = pluginTargetPath(plugin.ownerId, plugin.name, plugin.version);
    const slash = target.lastIndexOf('/');
    const url = `${CLIENT_BASE}/tuf/targets/${target.slice(0, slash + 1)}${plugin.sha256}.${target.slice(slash + 1)}`;
    const { authorization } = await signInClient(ctx, 'customer');
    const served = await ctx.app.inject({ url, headers: { authorization } });
    expect(served.statusCode).toBe(200);
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(plugin.sha256);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    const other = await ctx.app.inject({
      url: url.replace(plugin.sha256, 'e'.repeat(64)),
      headers: { authorization },
    });
    expect(other.statusCode).toBe(403);
  });

  it('refuses a manifest entry published without a developer signature, naming the plugin', async () => {
    const client = await player();
    const other = (await client.verifiedManifest()).plugins.find((entry) => entry.target === null);
    if (!other) throw new Error('the demo manifest has a second plugin');
    await expect(client.download(other.id, await mkdtemp(path.join(tmpdir(), 'jar-')))).rejects.toThrow(
      `${other.name} ${other.version} is refused: the store published it without a developer signature.`,
    );
  });
});

describe('the stolen server (online keys and database)', () => {
  it('cannot make the client run a jar the developer did not sign: a swapped artifact is refused', async () => {
    const client = await player();
    const forged = Buffer.from('PK\u0003\u0004 malware');
    const sha256 = createHash('sha256').update(forged).digest('hex');
    await createBlobStore(ctx.env).put(forged);
    const [before] = await ctx.database.db.select().from(plugins).where(eq(plugins.id, plugin.id));
    await ctx.database.db
      .update(plugins)
      .set({ artifactSha256: sha256, artifactSize: forged.length })
      .where(eq(plugins.id, plugin.id));
    try {
      await expect(client.download(plugin.id, await mkdtemp(path.join(tmpdir(), 'jar-')))).rejects.toThrow(
        `${plugin.name} ${plugin.version} is refused: the manifest's sha256 and size are not the ones signed`,
      );
    } finally {
      await ctx.database.db
        .update(plugins)
        .set({ artifactSha256: before?.artifactSha256, artifactSize: before?.artifactSize })
        .where(eq(plugins.id, plugin.id));
    }
  });

  it("cannot re-sign the developer's role with a key of its own", async () => {
    const role = developerRoleName(plugin.ownerId);
    const target = pluginTargetPath(plugin.ownerId, plugin.name, plugin.version);
    const forged = developerRelease(plugin.ownerId, 2, { [target]: { sha256: 'f'.repeat(64), size: 1 } }, [
      attackerKey,
    ]);
    await ctx.database.db
      .insert(tufMetadata)
      .values({ role, version: 2, body: forged, expiresAt: new Date(inDays(30)) });
    await resign();
    try {
      const client = await player();
      await expect(client.download(plugin.id, await mkdtemp(path.join(tmpdir(), 'jar-')))).rejects.toThrow(
        /is refused: its signed metadata did not verify/,
      );
    } finally {
      await ctx.database.db
        .delete(tufMetadata)
        .where(and(eq(tufMetadata.role, role), eq(tufMetadata.version, 2)));
      await ctx.database.db.delete(tufMetadata).where(eq(tufMetadata.role, 'snapshot'));
      await ctx.database.db.delete(tufMetadata).where(eq(tufMetadata.role, 'timestamp'));
      await resign();
    }
  });

  it('cannot hand the client a new root not signed by the threshold of the old one', async () => {
    const rogue = trust.rootOf(2, { root: [attackerKey, newKey(), newKey()] });
    signMetadata(rogue, attackerKey);
    await ctx.database.db.insert(tufMetadata).values({
      role: 'root',
      version: 2,
      body: JSON.stringify(rogue.toJSON()),
      expiresAt: new Date(inDays(30)),
    });
    try {
      const client = await player();
      await expect(client.verifiedManifest()).rejects.toThrow(/The store's signed metadata was refused/);
    } finally {
      await ctx.database.db
        .delete(tufMetadata)
        .where(and(eq(tufMetadata.role, 'root'), eq(tufMetadata.version, 2)));
    }
  });

  it('forges a high timestamp version; after the operator rotates the timestamp key the client recovers', async () => {
    // The attacker signs timestamp 1,000,000 with the stolen key; the client accepts it (it is signed).
    const snapshot = await repositoryWith().file('timestamp.json');
    const current = parseMetadata('timestamp', JSON.parse(snapshot ?? '{}'));
    const forged = parseMetadata('timestamp', {
      signed: { ...(current.toJSON().signed as object), version: 1_000_000, spec_version: TUF_SPEC_VERSION },
      signatures: [],
    });
    signMetadata(forged, trust.keys.timestamp);
    await ctx.database.db.insert(tufMetadata).values({
      role: 'timestamp',
      version: 1_000_000,
      body: JSON.stringify(forged.toJSON()),
      expiresAt: new Date(inDays(1)),
    });
    const victim = await player();
    await victim.verifiedManifest();
    // The operator cleans the database and rotates the timestamp key through root 2.
    await ctx.database.db.delete(tufMetadata).where(eq(tufMetadata.role, 'timestamp'));
    await resign();
    const stale = victim.again();
    await expect(stale.verifiedManifest()).rejects.toThrow(/The store's signed metadata was refused/);
    const newTimestamp = newKey();
    const rotated = trust.rootOf(2, { timestamp: newTimestamp });
    signMetadata(rotated, trust.keys.root[0] as KeyObject);
    signMetadata(rotated, trust.keys.root[1] as KeyObject);
    await trust.write('2.root.json', rotated);
    const keys = { ...parseOnlineKeys(trust.env.TUF_ONLINE_KEYS, 'test'), timestamp: newTimestamp };
    await ctx.database.db.delete(tufMetadata).where(eq(tufMetadata.role, 'timestamp'));
    await repositoryWith(keys).refresh();
    const recovered = victim.again();
    expect((await recovered.verifiedManifest()).plugins.length).toBeGreaterThan(0);
  });
});
