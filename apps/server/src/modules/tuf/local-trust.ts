import { createHmac, createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AnyMetadata,
  buildRoot,
  buildTopLevelTargets,
  ed25519PrivateKey,
  manifestKeysOf,
  publicKeyHexOf,
  signMetadata,
} from '@ember/contracts/tuf';
import type { Targets } from '@tufjs/models';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { OnlineKeys } from './online-keys.ts';
import { readSignedDir } from './signed-files.ts';

// A development server's own trust (decision 0064). The shipped root's offline keys are with the
// operators, never in the repository, so a server without TUF_SIGNED_DIR and TUF_ONLINE_KEYS
// (development, tests, e2e) makes a root of its own on first start and plays the operator: it signs
// its root, its top-level targets and the demo developers' releases. A client trusts that root only
// when told to (`--trust-root`, EMBER_TRUST_ROOT); the shipped one stays the default.

const TRUST_FOLDER = 'trust';
const KEYS_FILE = 'keys.json';
const YEAR_DAYS = 365;

const storedKeys = z.object({
  root: z.array(z.string()).length(3),
  targets: z.string(),
  timestamp: z.string(),
  snapshot: z.string(),
  obfuscated: z.string(),
  /** Derives one demo release key per developer (so no key signs for two developers' paths). */
  demoSeed: z.string().regex(/^[0-9a-f]{64}$/),
});
type StoredKeys = z.infer<typeof storedKeys>;

const pem = (key: KeyObject) => key.export({ format: 'pem', type: 'pkcs8' }).toString();
const freshKeys = (): StoredKeys => {
  const key = () => pem(generateKeyPairSync('ed25519').privateKey);
  return {
    root: [key(), key(), key()],
    targets: key(),
    timestamp: key(),
    snapshot: key(),
    obfuscated: key(),
    demoSeed: randomBytes(32).toString('hex'),
  };
};

/** An Ed25519 private key from a 32-byte seed: the PKCS#8 DER prefix of RFC 8410 before it. */
const ed25519FromSeed = (seed: Buffer) =>
  createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });

const expiresIn = (days: number, now: Date) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Whether a server runs on a trust of its own: outside production, with no operator's files or keys given. */
export const usesLocalTrust = (env: Env) =>
  env.NODE_ENV !== 'production' && !env.TUF_SIGNED_DIR && !env.TUF_ONLINE_KEYS;

/**
 * The keys in DATA_DIR/trust/keys.json (made once; a second process starting at the same moment
 * reads the first one's), or, in tests, fresh keys in a temporary folder as the manifest keys are.
 */
async function loadKeys(env: Env): Promise<{ dir: string; keys: StoredKeys }> {
  if (env.NODE_ENV === 'test') {
    return { dir: await mkdtemp(path.join(tmpdir(), 'ember-local-trust-')), keys: freshKeys() };
  }
  const dir = path.join(env.DATA_DIR, TRUST_FOLDER);
  const file = path.join(dir, KEYS_FILE);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, `${JSON.stringify(freshKeys(), null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { dir, keys: storedKeys.parse(JSON.parse(await readFile(file, 'utf8'))) };
}

export interface DeveloperDelegation {
  developerId: number;
  publicKeysHex: string[];
}

/**
 * The local trust: its signed folder (read by the repository like an operator's), the online keys,
 * and the operator's chores done here: a root naming the manifest keys the server signs with, and
 * a top-level targets delegating each developer's paths to their registered keys and demo key.
 */
export async function createLocalTrust(env: Env, deps: { clock: () => Date; manifestKeysHex: string[] }) {
  const { dir, keys: stored } = await loadKeys(env);
  const signedDir = path.join(dir, 'signed');
  await mkdir(signedDir, { recursive: true });
  const key = ed25519PrivateKey;
  const rootKeys = stored.root.map(key);
  const targetsKey = key(stored.targets);
  const onlineKeys: OnlineKeys = {
    timestamp: key(stored.timestamp),
    snapshot: key(stored.snapshot),
    obfuscated: key(stored.obfuscated),
  };
  const demoKeyOf = (developerId: number) =>
    ed25519FromSeed(
      createHmac('sha256', Buffer.from(stored.demoSeed, 'hex')).update(`developer-${developerId}`).digest(),
    );

  /** Written aside and renamed: the repository never reads half a file. */
  async function publishFile(name: string, metadata: AnyMetadata) {
    const aside = path.join(signedDir, `.${name}.${process.pid}.tmp`);
    await writeFile(aside, JSON.stringify(metadata.toJSON()));
    await rename(aside, path.join(signedDir, name));
  }

  const latest = async (role: 'root' | 'targets') =>
    (await readSignedDir(signedDir)).filter((file) => file.role === role).at(-1)?.metadata ?? null;

  /** Root 1 on first start; root n+1 (signed by 2 of 3, old and new alike) when the manifest keys changed. */
  async function ensureRoot(): Promise<AnyMetadata> {
    const current = await latest('root');
    const wanted = [...deps.manifestKeysHex].sort();
    if (current && JSON.stringify([...manifestKeysOf(current)].sort()) === JSON.stringify(wanted)) {
      return current;
    }
    const root = buildRoot({
      version: (current?.signed.version ?? 0) + 1,
      expires: expiresIn(YEAR_DAYS, deps.clock()),
      rootThreshold: 2,
      keys: {
        root: rootKeys.map(publicKeyHexOf),
        targets: [publicKeyHexOf(targetsKey)],
        snapshot: [publicKeyHexOf(onlineKeys.snapshot)],
        timestamp: [publicKeyHexOf(onlineKeys.timestamp)],
        manifest: deps.manifestKeysHex,
      },
    });
    for (const signer of rootKeys.slice(0, 2)) signMetadata(root, signer);
    await publishFile(`${root.signed.version}.root.json`, root);
    return root;
  }

  /**
   * A new top-level targets when the delegations wanted differ from the latest: every developer's
   * registered keys, plus the demo key of each developer it delegated one to before or `withDemo` names.
   */
  async function syncTargets(registered: DeveloperDelegation[], withDemo: number[] = []): Promise<void> {
    const current = await latest('targets');
    const delegated = (current?.signed as Targets | undefined)?.delegations;
    const demoHex = (developerId: number) => publicKeyHexOf(demoKeyOf(developerId));
    const hadDemo = new Set(
      Object.values(delegated?.roles ?? {}).flatMap((role) => {
        const developerId = Number(/^developer-(\d+)$/.exec(role.name)?.[1]);
        const keyIds = role.keyIDs;
        return Number.isSafeInteger(developerId) &&
          keyIds.some((id) => delegated?.keys[id]?.keyVal.public === demoHex(developerId))
          ? [developerId]
          : [];
      }),
    );
    const wanted = new Map<number, Set<string>>();
    const add = (developerId: number, hex: string) =>
      wanted.set(developerId, (wanted.get(developerId) ?? new Set()).add(hex));
    for (const developer of registered)
      for (const hex of developer.publicKeysHex) add(developer.developerId, hex);
    for (const developerId of new Set([...hadDemo, ...withDemo])) add(developerId, demoHex(developerId));
    const developers = [...wanted]
      .sort(([a], [b]) => a - b)
      .map(([developerId, hexes]) => ({ developerId, publicKeysHex: [...hexes].sort() }));
    const targets = buildTopLevelTargets({
      version: (current?.signed.version ?? 0) + 1,
      expires: expiresIn(YEAR_DAYS, deps.clock()),
      developers,
      obfuscatedKeyHex: publicKeyHexOf(onlineKeys.obfuscated),
    });
    const sameDelegations =
      current &&
      JSON.stringify((current.signed as Targets).delegations?.toJSON()) ===
        JSON.stringify((targets.signed as Targets).delegations?.toJSON());
    const nearExpiry =
      current && new Date(current.signed.expires).getTime() - deps.clock().getTime() < 30 * 86_400_000;
    if (sameDelegations && !nearExpiry) return;
    signMetadata(targets, targetsKey);
    await publishFile(`${targets.signed.version}.targets.json`, targets);
  }

  await ensureRoot();
  return {
    signedDir,
    onlineKeys,
    /** The root a client of this server is started with (`--trust-root`): the first of the chain. */
    rootFile: path.join(signedDir, '1.root.json'),
    syncTargets,
    /** The key a demo developer's releases are signed with on this installation. */
    demoKeyOf,
    /** Forgets the folder of a test's trust. */
    async discard() {
      if (env.NODE_ENV === 'test') await rm(dir, { recursive: true, force: true });
    },
  };
}

export type LocalTrust = Awaited<ReturnType<typeof createLocalTrust>>;
