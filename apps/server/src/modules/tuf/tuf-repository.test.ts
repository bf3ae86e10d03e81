import { createHash, type KeyObject } from 'node:crypto';
import { pluginTargetPath, signMetadata } from '@ember/contracts/tuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { freshDataDir } from '../client-api/client-api.fixtures.ts';
import { parseOnlineKeys } from './online-keys.ts';
import {
  developerRelease,
  hexOf,
  keyIdOf,
  newKey,
  operatorTrust,
  roleOf,
  tufClient,
} from './tuf.fixtures.ts';
import { createTufRepository, type TufRepository } from './tuf-repository.service.ts';

const DEVELOPER = 2;
const developerKey = newKey();
const jar = Buffer.from('PK\u0003\u0004 quest helper 1.0.0');
const jarFile = { sha256: createHash('sha256').update(jar).digest('hex'), size: jar.length };
const target = pluginTargetPath(DEVELOPER, 'Quest Helper', '1.0.0');

let ctx: TestContext;
let trust: Awaited<ReturnType<typeof operatorTrust>>;
let repository: TufRepository;
let baseUrl: string;
let activeKeys: { keyid: string; publicKeyHex: string }[] = [];

beforeAll(async () => {
  trust = await operatorTrust([{ developerId: DEVELOPER, keys: [developerKey] }]);
  activeKeys = [{ keyid: keyIdOf(developerKey), publicKeyHex: hexOf(developerKey) }];
  const activeSigningKeys = async (developerId: number) => (developerId === DEVELOPER ? activeKeys : []);
  ctx = await createTestApp({ DATA_DIR: await freshDataDir(), ...trust.env }, { activeSigningKeys });
  repository = createTufRepository({
    db: ctx.database.db,
    clock: () => new Date(),
    keys: parseOnlineKeys(trust.env.TUF_ONLINE_KEYS, 'test'),
    signedDir: trust.signedDir,
    timestampTtlSeconds: 86_400,
    activeSigningKeys,
  });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `${address}${ctx.env.API_CLIENT_BASE}`;
});

afterAll(async () => {
  await ctx?.close();
});

async function publish(
  version: number,
  signers: KeyObject[] = [developerKey],
  files = { [target]: jarFile },
) {
  const body = developerRelease(DEVELOPER, version, files, signers);
  const { metadata } = await repository.checkDeveloperRole(DEVELOPER, body);
  await repository.publishRole(roleOf(DEVELOPER), metadata, body);
  await repository.refresh();
  return body;
}

describe('the TUF repository, as tuf-js sees it', () => {
  it('serves the root chain, and tuf-js resolves a developer-signed plugin to its sha256 and size', async () => {
    const served = await ctx.app.inject({ url: `${ctx.env.API_CLIENT_BASE}/tuf/metadata/1.root.json` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(trust.shippedRoot);

    await publish(1);
    const client = await tufClient(baseUrl, trust.shippedRoot);
    const updater = client.updater();
    await updater.refresh();
    const info = await updater.getTargetInfo(target);
    expect(info?.length).toBe(jarFile.size);
    expect(info?.hashes.sha256).toBe(jarFile.sha256);
  });

  it('publishes the developer role verbatim and names it in the snapshot the timestamp points at', async () => {
    const timestamp = await ctx.app.inject({ url: `${ctx.env.API_CLIENT_BASE}/tuf/metadata/timestamp.json` });
    expect(timestamp.headers['cache-control']).toBe('no-store');
    const snapshotVersion = timestamp.json().signed.meta['snapshot.json'].version;
    const snapshot = await ctx.app.inject({
      url: `${ctx.env.API_CLIENT_BASE}/tuf/metadata/${snapshotVersion}.snapshot.json`,
    });
    expect(snapshot.json().signed.meta).toMatchObject({
      'targets.json': { version: 1 },
      [`${roleOf(DEVELOPER)}.json`]: { version: 1 },
    });
    const missing = await ctx.app.inject({ url: `${ctx.env.API_CLIENT_BASE}/tuf/metadata/9.snapshot.json` });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a role signed by another key, an older version, a revoked key and a path not delegated', async () => {
    await expect(publish(2, [newKey()])).rejects.toThrow(/not signed by a registered signing key of yours/);
    await expect(publish(1)).rejects.toThrow(/version 1 is not newer than the published 1/);
    await expect(
      publish(2, [developerKey], { [pluginTargetPath(DEVELOPER + 1, 'Other', '1.0.0')]: jarFile }),
    ).rejects.toThrow(/which is not delegated to you/);
    const kept = activeKeys;
    activeKeys = [];
    await expect(publish(2)).rejects.toThrow(/a revoked key does not count/);
    activeKeys = kept;
  });

  it('refuses a root not signed by the threshold of the one before, and follows a rotated one', async () => {
    const rogue = trust.rootOf(2, { root: [newKey(), newKey(), newKey()] });
    signMetadata(rogue, trust.keys.root[0] as KeyObject);
    await trust.write('2.root.json', rogue);
    await expect(repository.importSigned()).rejects.toThrow(
      /Root 2 is not signed by the threshold of root 1's keys/,
    );

    // Rotate one root key and the timestamp key: signed by 2 of the old and 2 of the new.
    const newRootKey = newKey();
    const newTimestampKey = newKey();
    const rotated = trust.rootOf(2, {
      root: [trust.keys.root[0] as KeyObject, trust.keys.root[1] as KeyObject, newRootKey],
      timestamp: newTimestampKey,
    });
    signMetadata(rotated, trust.keys.root[0] as KeyObject);
    signMetadata(rotated, newRootKey);
    await trust.write('2.root.json', rotated);
    await expect(repository.importSigned()).rejects.toThrow(
      /Root 2 is not signed by the threshold of root 1's keys/,
    );
    // Only 1 of the old threshold (root key 0): refused until a second old key signs too.
    signMetadata(rotated, trust.keys.root[1] as KeyObject);
    await trust.write('2.root.json', rotated);
    expect(await repository.importSigned()).toEqual({ roots: 1, targets: 0 });
  });
});
