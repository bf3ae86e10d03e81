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
import { Updater } from 'tuf-js';

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
