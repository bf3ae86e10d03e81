import { createHash } from 'node:crypto';
import {
  type AnyMetadata,
  developerRoleName,
  parseMetadata,
  STORE_OBFUSCATED_ROLE,
  signMetadata,
  TUF_SPEC_VERSION,
} from '@ember/contracts/tuf';
import {
  Metadata,
  MetaFile,
  type Snapshot,
  Snapshot as SnapshotSigned,
  type Targets,
  Timestamp,
} from '@tufjs/models';
import type { Db, HandedDb } from './db.ts';
import type { OnlineKeys } from './online-keys.ts';
import {
  checkNextRoot,
  checkTargets,
  delegationOf,
  readSignedDir,
  SignedFileRejected,
  verifies,
} from './signed-files.ts';
import { findMetadata, insertMetadata, latestMetadata, latestVersions } from './tuf-metadata.repository.ts';

/** Reads a developer's active signing keys (the developer keys module answers; the lead wires it). */
export type ActiveSigningKeys = (developerId: number) => Promise<{ keyid: string; publicKeyHex: string }[]>;

const SERVER_SIGNED = ['root', 'snapshot', 'timestamp'];

const parsedOf = (role: string, body: string) =>
  parseMetadata(
    role === 'root' ? 'root' : role === 'snapshot' || role === 'timestamp' ? role : 'targets',
    JSON.parse(body),
  );

const fileOf = (metadata: AnyMetadata) => JSON.stringify(metadata.toJSON());

/**
 * The store's TUF repository (spec 1.0.x, docs/trust.md): root and top-level targets as the
 * operator signed them off the server, developers' roles as they signed them, and snapshot and
 * timestamp signed here with the online keys, renewed by a job before they expire.
 */
export function createTufRepository(deps: {
  db: Db;
  clock: () => Date;
  keys: OnlineKeys;
  signedDir: string;
  timestampTtlSeconds: number;
  activeSigningKeys: ActiveSigningKeys;
}) {
  const { db, clock, keys } = deps;

  async function current(role: 'root' | 'targets'): Promise<AnyMetadata | null> {
    const row = await latestMetadata(db, role);
    return row && parsedOf(role, row.body);
  }

  async function store(role: string, metadata: AnyMetadata, tx: HandedDb = db): Promise<boolean> {
    return insertMetadata(tx, {
      role,
      version: metadata.signed.version,
      body: fileOf(metadata),
      expiresAt: new Date(metadata.signed.expires),
    });
  }

  /** Publishes the operator's new root versions (each checked against the one before) and targets. */
  async function importSigned(): Promise<{ roots: number; targets: number }> {
    const files = await readSignedDir(deps.signedDir);
    let root = await current('root');
    let roots = 0;
    for (const file of files.filter((entry) => entry.role === 'root')) {
      if (root && file.version <= root.signed.version) continue;
      checkNextRoot(root, file.metadata);
      await store('root', file.metadata);
      root = file.metadata;
      roots += 1;
    }
    let targets = 0;
    const latestTargets = (await latestMetadata(db, 'targets'))?.version ?? null;
    for (const file of files.filter((entry) => entry.role === 'targets')) {
      if (!root || (latestTargets !== null && file.version <= latestTargets)) continue;
      checkTargets(root, latestTargets, file.metadata);
      await store('targets', file.metadata);
      targets += 1;
    }
    return { roots, targets };
  }

  const expiry = (seconds: number) =>
    new Date(clock().getTime() + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

  /** Whether signed metadata is stale: expiring within half its life, or not signed by the root's current key. */
  function needsRenewal(root: AnyMetadata, role: string, metadata: AnyMetadata | null, ttlSeconds: number) {
    if (!metadata) return true;
    const remaining = new Date(metadata.signed.expires).getTime() - clock().getTime();
    return remaining < (ttlSeconds * 1000) / 2 || !verifies(root, role, metadata);
  }

  async function renewSnapshot(root: AnyMetadata): Promise<AnyMetadata | null> {
    const ttl = deps.timestampTtlSeconds * 7;
    const latest = await latestMetadata(db, 'snapshot');
    const previous = latest && parsedOf('snapshot', latest.body);
    const versions = await latestVersions(db, { except: SERVER_SIGNED });
    if (!versions.has('targets')) return null;
    const meta = Object.fromEntries(
      [...versions]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([role, version]) => [`${role}.json`, new MetaFile({ version })]),
    );
    const same =
      previous &&
      JSON.stringify(
        Object.entries((previous.signed as Snapshot).meta).map(([name, file]) => [name, file.version]),
      ) === JSON.stringify(Object.entries(meta).map(([name, file]) => [name, file.version]));
    if (previous && same && !needsRenewal(root, 'snapshot', previous, ttl)) return previous;
    const snapshot = new Metadata(
      new SnapshotSigned({
        version: (previous?.signed.version ?? 0) + 1,
        specVersion: TUF_SPEC_VERSION,
        expires: expiry(ttl),
        meta,
      }),
    );
    signMetadata(snapshot, keys.snapshot);
    return (await store('snapshot', snapshot)) ? snapshot : null;
  }

  async function renewTimestamp(root: AnyMetadata, snapshot: AnyMetadata) {
    const latest = await latestMetadata(db, 'timestamp');
    const previous = latest && parsedOf('timestamp', latest.body);
    const bytes = Buffer.from(fileOf(snapshot), 'utf8');
    const points =
      previous && (previous.signed as Timestamp).snapshotMeta.version === snapshot.signed.version;
    if (previous && points && !needsRenewal(root, 'timestamp', previous, deps.timestampTtlSeconds)) return;
    const timestamp = new Metadata(
      new Timestamp({
        version: (previous?.signed.version ?? 0) + 1,
        specVersion: TUF_SPEC_VERSION,
        expires: expiry(deps.timestampTtlSeconds),
        snapshotMeta: new MetaFile({
          version: snapshot.signed.version,
          length: bytes.length,
          hashes: { sha256: createHash('sha256').update(bytes).digest('hex') },
        }),
      }),
    );
    signMetadata(timestamp, keys.timestamp);
    await store('timestamp', timestamp);
  }

  /**
   * Imports what the operator signed, then signs a new snapshot when a role changed (or it nears
   * its expiry) and a new timestamp when the snapshot changed (or it nears its expiry). Run by the
   * job and after each publish; a concurrent run loses the version race and changes nothing.
   */
  async function refresh(): Promise<void> {
    await importSigned();
    const root = await current('root');
    if (!root) return;
    const snapshot = await renewSnapshot(root);
    if (snapshot) await renewTimestamp(root, snapshot);
  }

  /**
   * A developer's signed role, published verbatim: delegated to them by the top-level targets,
   * signed by the threshold of their keys that are still registered, newer than the one
   * published, unexpired, and listing only paths delegated to them. Gives its targets by path.
   */
  async function checkDeveloperRole(developerId: number, body: string) {
    const role = developerRoleName(developerId);
    let metadata: AnyMetadata;
    try {
      metadata = parseMetadata('targets', JSON.parse(body));
    } catch (error) {
      throw new SignedFileRejected(`${role}.json is not TUF targets metadata (${(error as Error).message}).`);
    }
    const topLevel = await current('targets');
    const delegation = topLevel && delegationOf(topLevel, role);
    if (!topLevel || !delegation) {
      throw new SignedFileRejected(
        'No signing key of yours is delegated yet: the store operator signs new developer keys into the repository (docs/trust.md).',
      );
    }
    const active = new Set((await deps.activeSigningKeys(developerId)).map((key) => key.keyid));
    const stillActive = new Metadata(
      metadata.signed,
      Object.fromEntries(Object.entries(metadata.signatures).filter(([keyid]) => active.has(keyid))),
    );
    if (!verifies(topLevel, role, stillActive)) {
      throw new SignedFileRejected(
        `${role}.json is not signed by ${delegation.threshold === 1 ? 'a registered signing key' : `${delegation.threshold} registered signing keys`} of yours (a revoked key does not count).`,
      );
    }
    if (metadata.signed.isExpired(clock()))
      throw new SignedFileRejected(`${role}.json expired on ${metadata.signed.expires}.`);
    const published = (await latestMetadata(db, role))?.version ?? 0;
    if (metadata.signed.version <= published) {
      throw new SignedFileRejected(
        `${role}.json version ${metadata.signed.version} is not newer than the published ${published}: sign the release again.`,
      );
    }
    const targets = metadata.signed as Targets;
    const outside = Object.keys(targets.targets).find((path) => !delegation.isDelegatedPath(path));
    if (outside)
      throw new SignedFileRejected(`${role}.json lists ${outside}, which is not delegated to you.`);
    return { role, metadata, body };
  }

  /**
   * The store's role for obfuscated builds, with these targets added (each naming the signed
   * input's sha256 as provenance) and signed with its online key: stored in `tx`.
   */
  async function signObfuscated(
    entries: { path: string; sha256: string; size: number; inputSha256: string; inputTarget: string }[],
    tx: HandedDb,
  ) {
    if (entries.length === 0) return;
    const latest = await latestMetadata(tx, STORE_OBFUSCATED_ROLE);
    const previous = latest ? (parsedOf(STORE_OBFUSCATED_ROLE, latest.body).signed as Targets) : null;
    const listed = { ...(previous?.toJSON().targets as Record<string, unknown> | undefined) };
    for (const entry of entries) {
      listed[entry.path] = {
        length: entry.size,
        hashes: { sha256: entry.sha256 },
        custom: { obfuscatedFrom: { target: entry.inputTarget, sha256: entry.inputSha256 } },
      };
    }
    const metadata = parseMetadata('targets', {
      signed: {
        _type: 'targets',
        spec_version: TUF_SPEC_VERSION,
        version: (previous?.version ?? 0) + 1,
        expires: expiry(365 * 86_400),
        targets: listed,
      },
      signatures: [],
    });
    signMetadata(metadata, keys.obfuscated);
    if (!(await store(STORE_OBFUSCATED_ROLE, metadata, tx)))
      throw new Error('the obfuscated role changed meanwhile');
  }

  return {
    importSigned,
    refresh,
    checkDeveloperRole,
    signObfuscated,
    /** Stores a checked developer role (in the caller's transaction when given) for the next refresh. */
    async publishRole(role: string, metadata: AnyMetadata, body: string, tx: HandedDb = db) {
      await insertMetadata(tx, {
        role,
        version: metadata.signed.version,
        body,
        expiresAt: new Date(metadata.signed.expires),
      });
    },

    /** A metadata file by the spec's name: `timestamp.json`, or `{version}.{role}.json`. */
    async file(name: string): Promise<string | null> {
      if (name === 'timestamp.json') return (await latestMetadata(db, 'timestamp'))?.body ?? null;
      const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{1,64})\.json$/.exec(name);
      if (!match || match[2] === 'timestamp') return null;
      return (await findMetadata(db, match[2] as string, Number(match[1])))?.body ?? null;
    },
  };
}

export type TufRepository = ReturnType<typeof createTufRepository>;
export { SignedFileRejected };
