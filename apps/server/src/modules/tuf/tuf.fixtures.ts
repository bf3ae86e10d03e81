import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AnyMetadata,
  buildRoot,
  buildTopLevelTargets,
  developerRoleName,
  parseMetadata,
  publicKeyHexOf,
  signMetadata,
  TUF_SPEC_VERSION,
  tufKeyId,
} from '@ember/contracts/tuf';
import { plugins, repositories } from '@ember/db/schema/delivery';
import { eq } from 'drizzle-orm';
import { Updater } from 'tuf-js';
import { createEmberClient } from '../../../../client/src/ember-client.ts';
import { createStateStore } from '../../../../client/src/state-store.ts';
import type { TestContext } from '../../../test-support/test-app.ts';
import { CLIENT_BASE, signInClient } from '../client-api/client-api.fixtures.ts';
import type { TufRepository } from './tuf-repository.service.ts';

/** An Ed25519 key pair as the trust command makes one. */
export const newKey = () => generateKeyPairSync('ed25519').privateKey;
export const hexOf = (key: KeyObject) => publicKeyHexOf(key);
export const pemOf = (key: KeyObject) => key.export({ format: 'pem', type: 'pkcs8' }).toString();
export const keyIdOf = (key: KeyObject) => tufKeyId(hexOf(key));

export const inDays = (days: number, from = new Date()) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The operator's side of a test: three root keys (threshold 2), an offline targets key and the
 * online keys the server is given, with a folder the signed files are dropped into.
 */
export async function operatorTrust(developers: { developerId: number; keys: KeyObject[] }[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ember-tuf-'));
  const signedDir = path.join(dir, 'signed');
  await mkdir(signedDir);
  const keys = {
    root: [newKey(), newKey(), newKey()],
    targets: newKey(),
    timestamp: newKey(),
    snapshot: newKey(),
    obfuscated: newKey(),
    manifest: newKey(),
  };
  const rootOf = (version: number, overrides: Partial<typeof keys> = {}) => {
    const chosen = { ...keys, ...overrides };
    return buildRoot({
      version,
      expires: inDays(365),
      rootThreshold: 2,
      keys: {
        root: chosen.root.map(hexOf),
        targets: [hexOf(chosen.targets)],
        snapshot: [hexOf(chosen.snapshot)],
        timestamp: [hexOf(chosen.timestamp)],
        manifest: [hexOf(chosen.manifest)],
      },
    });
  };
  const write = async (name: string, metadata: AnyMetadata) =>
    writeFile(path.join(signedDir, name), JSON.stringify(metadata.toJSON()));

  const root1 = rootOf(1);
  signMetadata(root1, keys.root[0] as KeyObject);
  signMetadata(root1, keys.root[1] as KeyObject);
  await write('1.root.json', root1);
  const targets1 = buildTopLevelTargets({
    version: 1,
    expires: inDays(365),
    developers: developers.map((developer) => ({
      developerId: developer.developerId,
      publicKeysHex: developer.keys.map(hexOf),
    })),
    obfuscatedKeyHex: hexOf(keys.obfuscated),
  });
  signMetadata(targets1, keys.targets);
  await write('1.targets.json', targets1);

  return {
    dir,
    signedDir,
    keys,
    rootOf,
    write,
    /** The root a client ships with. */
    shippedRoot: JSON.stringify(root1.toJSON()),
    env: {
      TUF_SIGNED_DIR: signedDir,
      TUF_ONLINE_KEYS: JSON.stringify({
        timestamp: pemOf(keys.timestamp),
        snapshot: pemOf(keys.snapshot),
        obfuscated: pemOf(keys.obfuscated),
      }),
    },
  };
}

/** A developer's release: their role's metadata listing these jars, signed with their key(s). */
export function developerRelease(
  _developerId: number,
  version: number,
  targets: Record<string, { sha256: string; size: number }>,
  signers: KeyObject[],
  expires = inDays(90),
): string {
  const metadata = parseMetadata('targets', {
    signed: {
      _type: 'targets',
      spec_version: TUF_SPEC_VERSION,
      version,
      expires,
      targets: Object.fromEntries(
        Object.entries(targets).map(([target, file]) => [
          target,
          { length: file.size, hashes: { sha256: file.sha256 } },
        ]),
      ),
    },
    signatures: [],
  });
  for (const key of signers) signMetadata(metadata, key);
  return JSON.stringify(metadata.toJSON());
}

export const roleOf = developerRoleName;

/** A tuf-js client that trusts `root` (the shipped root.json), fetching from a listening server. */
export async function tufClient(baseUrl: string, root: string) {
  const metadataDir = await mkdtemp(path.join(tmpdir(), 'ember-tuf-client-'));
  await writeFile(path.join(metadataDir, 'root.json'), root);
  const updater = () =>
    new Updater({
      metadataDir,
      metadataBaseUrl: `${baseUrl}/tuf/metadata`,
      targetBaseUrl: `${baseUrl}/tuf/targets`,
      targetDir: metadataDir,
      config: { fetchRetries: 0 },
    });
  return {
    metadataDir,
    updater,
    trustedRoot: async () => JSON.parse(await readFile(path.join(metadataDir, 'root.json'), 'utf8')),
  };
}

/**
 * The customer's installation of the reference client, signed in (`ember login`) in a fresh state
 * folder, against the test app listening at `origin` and trusting `root`. Download links name the
 * configured PUBLIC_URL; they are fetched from `origin`. `start` makes it again on the same folder,
 * as a fresh process of the same installation.
 */
export async function customerClient(ctx: TestContext, origin: string, root: string, folderPrefix: string) {
  const store = createStateStore(await mkdtemp(path.join(tmpdir(), folderPrefix)));
  const { authorization } = await signInClient(ctx, 'customer');
  await store.save({ ...(await store.load()), token: authorization.slice('Bearer '.length) });
  const start = () =>
    createEmberClient({
      store,
      server: origin,
      base: CLIENT_BASE,
      trust: { root },
      fetch: (url, init) => fetch(String(url).replace(ctx.env.PUBLIC_URL, origin), init),
    });
  return { client: start(), start };
}

/** The first plugin of the customer's manifest, with the id of the developer who owns it. */
export async function customersFirstPlugin(ctx: TestContext) {
  const { authorization } = await signInClient(ctx, 'customer');
  const manifest = (
    await ctx.app.inject({ url: `${CLIENT_BASE}/manifest`, headers: { authorization } })
  ).json();
  const first = manifest.signed.plugins[0];
  const [row] = await ctx.database.db
    .select({ ownerId: repositories.ownerId })
    .from(plugins)
    .innerJoin(repositories, eq(repositories.id, plugins.repositoryId))
    .where(eq(plugins.id, first.id));
  return { first, ownerId: row?.ownerId ?? 0 };
}

/**
 * A developer's release published as the store does: their signed role (`body`) checked and
 * published, the plugin's target pointed at `target`, and the repository's metadata signed again.
 */
export async function publishRelease(
  ctx: TestContext,
  repository: TufRepository,
  release: { developerId: number; pluginId: number; target: string; body: string },
) {
  const checked = await repository.checkDeveloperRole(release.developerId, release.body);
  await repository.publishRole(checked.role, checked.metadata, release.body);
  await ctx.database.db
    .update(plugins)
    .set({ tufTarget: release.target })
    .where(eq(plugins.id, release.pluginId));
  await repository.refresh();
}
