import { createHash, type KeyObject } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildTopLevelTargets,
  developerRoleName,
  pluginTargetPath,
  signMetadata,
  TUF_SPEC_VERSION,
} from '@ember/contracts/tuf';
import { tufMetadata } from '@ember/db/schema/tuf';
import { Metadata, MetaFile, Timestamp } from '@tufjs/models';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { CLIENT_BASE, freshDataDir } from '../client-api/client-api.fixtures.ts';
import { parseOnlineKeys } from './online-keys.ts';
import {
  developerRelease,
  hexOf,
  inDays,
  keyIdOf,
  newKey,
  operatorTrust,
  pemOf,
  tufClient,
} from './tuf.fixtures.ts';
import { tufJobs } from './tuf.jobs.ts';
import { customerClient, customersFirstPlugin, publishRelease } from './tuf-app.fixtures.ts';
import { createTufRepository } from './tuf-repository.service.ts';

// Freeze attacks (TUF 1.0 §5): metadata past its expiry is refused by tuf-js and by the reference
// client, role by role; and the refresh job keeps the live repository from expiring. Time moves by a
// fake Date (server and clients share it), never by waiting. From the start T: the developer's role
// expires at T+20 days, the top-level targets at T+30, the root at T+365.

const DAY = 86_400_000;
const T = Date.now();
let ctx: TestContext;
let trust: Awaited<ReturnType<typeof operatorTrust>>;
let baseUrl: string;
let origin: string;
let target: string;
let pluginId: number;
const developerKey = newKey();

const at = (days: number) => vi.setSystemTime(new Date(T + days * DAY));

/** The live repository as the server keeps it: the operator's online keys, the developer's key registered. */
const tufRepository = () =>
  createTufRepository({
    db: ctx.database.db,
    clock: () => new Date(),
    keys: parseOnlineKeys(trust.env.TUF_ONLINE_KEYS, 'test'),
    signedDir: trust.signedDir,
    timestampTtlSeconds: 86_400,
    activeSigningKeys: async () => [{ keyid: keyIdOf(developerKey), publicKeyHex: hexOf(developerKey) }],
  });

/** The server's refresh job, run at the (fake) time it is. */
const refreshJob = () =>
  tufJobs({
    refresh: () => tufRepository().refresh(),
  }).refresh.handler({}, { id: 'test', retryCount: 0 });

async function tufJs() {
  return (await tufClient(baseUrl, trust.shippedRoot)).updater();
}

async function player() {
  return (await customerClient(ctx, origin, trust.shippedRoot, 'ember-expiry-client-')).client;
}

const jarDir = () => mkdtemp(path.join(tmpdir(), 'jar-'));

beforeAll(async () => {
  trust = await operatorTrust([]);
  ctx = await createTestApp({
    DATA_DIR: await freshDataDir(),
    ...trust.env,
    MANIFEST_SIGNING_KEYS: JSON.stringify([
      { keyId: 'store-1', privateKey: pemOf(trust.keys.manifest), status: 'current' },
    ]),
  });
  origin = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  baseUrl = `${origin}${CLIENT_BASE}`;

  const { first, ownerId } = await customersFirstPlugin(ctx);
  pluginId = first.id;
  target = pluginTargetPath(ownerId, first.name, first.version);
  const targets = buildTopLevelTargets({
    version: 2,
    expires: inDays(30, new Date(T)),
    developers: [{ developerId: ownerId, publicKeysHex: [hexOf(developerKey)] }],
    obfuscatedKeyHex: hexOf(trust.keys.obfuscated),
  });
  signMetadata(targets, trust.keys.targets);
  await trust.write('2.targets.json', targets);
  const repository = tufRepository();
  await repository.importSigned();
  const body = developerRelease(
    ownerId,
    1,
    { [target]: { sha256: first.sha256, size: first.size } },
    [developerKey],
    inDays(20, new Date(T)),
  );
  await publishRelease(ctx, repository, { developerId: ownerId, pluginId: first.id, target, body });
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
});

afterAll(async () => {
  vi.useRealTimers();
  await ctx?.close();
});

describe('expired metadata (steps in order: time only moves forward)', () => {
  it('the refresh job keeps the live repository from expiring: eight days of runs, every refresh verifies', async () => {
    const versions = new Set<number>();
    for (let hours = 0; hours <= 8 * 24; hours += 6) {
      at(hours / 24);
      await refreshJob();
      const updater = await tufJs();
      await updater.refresh();
      expect((await updater.getTargetInfo(target))?.length).toBeGreaterThan(0);
      const [latest] = await ctx.database.db
        .select({ version: tufMetadata.version })
        .from(tufMetadata)
        .where(eq(tufMetadata.role, 'snapshot'))
        .orderBy(desc(tufMetadata.version))
        .limit(1);
      versions.add(latest?.version ?? 0);
    }
    // The snapshot (a week's life) was signed again before it expired, the timestamp every half day.
    expect(versions.size).toBeGreaterThan(1);
    await (await player()).download(pluginId, await jarDir());
  });

  it('refuses an expired timestamp (the server stopped signing: a freeze)', async () => {
    at(8 + 1.5);
    await expect((await tufJs()).refresh()).rejects.toThrow(/timestamp\.json is expired/);
    await expect((await player()).verifiedManifest()).rejects.toThrow(
      /^The store's signed metadata was refused: .*timestamp\.json is expired/,
    );
  });

  it('refuses an expired snapshot behind a fresh timestamp (mix of a current timestamp and a frozen snapshot)', async () => {
    await refreshJob();
    const [snapshot] = await ctx.database.db
      .select()
      .from(tufMetadata)
      .where(eq(tufMetadata.role, 'snapshot'))
      .orderBy(desc(tufMetadata.version))
      .limit(1);
    const [timestamp] = await ctx.database.db
      .select({ version: tufMetadata.version })
      .from(tufMetadata)
      .where(eq(tufMetadata.role, 'timestamp'))
      .orderBy(desc(tufMetadata.version))
      .limit(1);
    const bytes = Buffer.from(snapshot?.body ?? '', 'utf8');
    const frozen = new Metadata(
      new Timestamp({
        version: (timestamp?.version ?? 0) + 1,
        specVersion: TUF_SPEC_VERSION,
        expires: inDays(40, new Date(T)),
        snapshotMeta: new MetaFile({
          version: snapshot?.version ?? 0,
          length: bytes.length,
          hashes: { sha256: createHash('sha256').update(bytes).digest('hex') },
        }),
      }),
    );
    signMetadata(frozen, trust.keys.timestamp as KeyObject);
    await ctx.database.db.insert(tufMetadata).values({
      role: 'timestamp',
      version: frozen.signed.version,
      body: JSON.stringify(frozen.toJSON()),
      expiresAt: new Date(frozen.signed.expires),
    });
    at(8 + 1.5 + 7.1);
    await expect((await tufJs()).refresh()).rejects.toThrow(/snapshot\.json is expired/);
    await expect((await player()).verifiedManifest()).rejects.toThrow(/snapshot\.json is expired/);
  });

  it("refuses a developer's expired role (a delegated role), naming the plugin", async () => {
    at(21);
    await refreshJob();
    const updater = await tufJs();
    await updater.refresh();
    await expect(updater.getTargetInfo(target)).rejects.toThrow(
      new RegExp(`${developerRoleName(Number(target.split('/')[1]))}\\.json is expired`),
    );
    await expect((await player()).download(pluginId, await jarDir())).rejects.toThrow(
      /is refused: its signed metadata did not verify \(.*developer-\d+\.json is expired\)/,
    );
  });

  it('refuses expired top-level targets', async () => {
    at(31);
    await refreshJob();
    await expect((await tufJs()).refresh()).rejects.toThrow(/targets\.json is expired/);
    await expect((await player()).verifiedManifest()).rejects.toThrow(/targets\.json is expired/);
  });

  it('refuses an expired root', async () => {
    at(366);
    await refreshJob();
    await expect((await tufJs()).refresh()).rejects.toThrow('Final root.json is expired');
    await expect((await player()).verifiedManifest()).rejects.toThrow(/Final root\.json is expired/);
  });
});
