import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { sha256Hex } from '../../integrations/blob-store/local-blob-store.ts';
import { RepositoryFetchFailed, type RepositorySnapshot } from '../../integrations/git/fetch-repository.ts';
import { UnsafeRepositoryUrl } from '../../integrations/git/repository-url-policy.ts';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import type { Notify } from '../notifications/index.ts';
import type { Db, HandedDb } from './db.ts';
import { deliverySettingsSha256, publishedVersionsOf } from './delivery-settings.ts';
import type { Obfuscate } from './obfuscation.ts';
import {
  countLinksByPlugin,
  deletePlugins,
  findApprovedHashes,
  findRegisteredPlugins,
  findRepositorySource,
  insertPluginVersion,
  type RegisteredArtifact,
  type RepositorySource,
  upsertPlugin,
} from './plugin-registry.repository.ts';
import { storeScreenshots } from './plugin-screenshots.ts';
import { type PluginShowcaseWrite, replacePluginShowcases } from './plugin-showcase.repository.ts';
import {
  MANIFEST_FILE,
  type PluginsManifest,
  parsePluginsManifest,
  RepoUpdateRejected,
} from './plugins-manifest.ts';
import {
  claimRepoUpdate,
  findRepoUpdate,
  finishRepoUpdate,
  lastRegistered,
  lockRepoUpdate,
  markRepoUpdateRetrying,
} from './repo-updates.repository.ts';
import {
  type BundledJar,
  checkSignedRelease,
  RELEASE_FILE,
  type ReleaseTuf,
  type SignedJar,
} from './signed-release.ts';

/** Reads one commit of a repository: the git fetch in production, anything in tests. */
export type SnapshotReader = <T>(
  source: Pick<RepositorySource, 'url' | 'accessToken'>,
  use: (snapshot: RepositorySnapshot) => Promise<T>,
) => Promise<T>;

export interface RepoUpdateRunnerDeps {
  db: Db;
  clock: () => Date;
  blobs: BlobStore;
  readSnapshot: SnapshotReader;
  obfuscate: Obfuscate;
  /** Attempts after the first (the job's retry limit): the last attempt records FAILED. */
  retryLimit: number;
  /**
   * Registered plugins (names, descriptions) show on plan pages: an update that registered any
   * drops the 'catalog' caches of every process once it committed (decision 0033). It runs in the
   * worker process, so only the bus tells the API processes.
   */
  caches: CacheInvalidation;
  /** The TUF repository the developer's signed release is published into (docs/trust.md). */
  tuf: ReleaseTuf;
  /** Tells the developer an update was published or failed (the notification centre, wired by app.ts). */
  notify?: Notify;
}

/** What a registered plugin shows besides its artifact (issue 35): screenshots, video, changelog notes. */
type Showcase = Omit<PluginShowcaseWrite, 'pluginId'>;
type PreparedArtifact = Omit<RegisteredArtifact, 'repositoryId'> & { showcase: Showcase };

type Prepared =
  | { commitSha: string; unchanged: true }
  | {
      commitSha: string;
      unchanged: false;
      artifacts: PreparedArtifact[];
      release: Awaited<ReturnType<typeof checkSignedRelease>>['publish'];
    };

export type RepoUpdateOutcome =
  | { updateId: number; skipped: 'not pending' }
  | {
      updateId: number;
      status: 'DONE';
      commitSha: string;
      unchanged: boolean;
      registered: number;
      dropped: number;
    }
  | { updateId: number; status: 'FAILED'; error: string };

const ON_OUR_SIDE = 'The update failed on our side. It can be queued again later.';

const isPermanent = (error: unknown) =>
  error instanceof RepoUpdateRejected ||
  error instanceof UnsafeRepositoryUrl ||
  (error instanceof RepositoryFetchFailed && error.permanent);

const readableOf = (error: unknown) =>
  error instanceof RepoUpdateRejected ||
  error instanceof UnsafeRepositoryUrl ||
  error instanceof RepositoryFetchFailed
    ? error.message
    : ON_OUR_SIDE;

/**
 * One repository update (DESIGN §4 Plugin delivery): fetch, read plugins.json, check the bundled
 * jars against the approved ones and store them, obfuscate, store the artifacts, then register the plugins and
 * finish the update in ONE transaction. Until that transaction nothing the store serves changes,
 * so a failure at any step leaves the previous plugins as they were, and a retry after a crash
 * starts again from the fetch (blobs are content-addressed: storing again is a no-op) without
 * duplicating anything: the transaction runs only while the update's locked row is still RUNNING.
 */
export function createRepoUpdateRunner(deps: RepoUpdateRunnerDeps) {
  const { db, clock, blobs } = deps;

  async function prepare(
    update: { repositoryId: number; force: boolean },
    source: RepositorySource,
    snapshot: RepositorySnapshot,
  ): Promise<Prepared> {
    const { commitSha } = snapshot;
    const last = await lastRegistered(db, update.repositoryId);
    const sameSettings = last?.settingsSha256 === deliverySettingsSha256(source);
    if (!update.force && last?.commitSha === commitSha && sameSettings) return { commitSha, unchanged: true };
    const manifest = parsePluginsManifest(await snapshot.readFile(MANIFEST_FILE));
    const bundled = await storeDependencies(manifest, snapshot);
    const screenshots = await storeScreenshots(manifest.plugins, snapshot, blobs);
    const artifacts: Omit<PreparedArtifact, 'tufTarget' | 'dependencies'>[] = [];
    const jars: SignedJar[] = [];
    for (const plugin of manifest.plugins) {
      const built = await snapshot.readFile(plugin.artifact);
      if (built === null) {
        throw new RepoUpdateRejected(
          `${plugin.name}: its artifact ${plugin.artifact} is not in the repository.`,
        );
      }
      const delivered = await deps.obfuscate(source.obfuscation, built, {
        pluginName: plugin.name,
        config: source.obfuscatorConfig,
      });
      const stored = await blobs.put(delivered);
      artifacts.push({
        name: plugin.name,
        description: plugin.description === '' ? null : plugin.description,
        version: plugin.version,
        artifactSha256: stored.sha256,
        artifactSize: stored.size,
        showcase: {
          screenshots: screenshots.get(plugin.name) ?? [],
          video: plugin.video ?? null,
          changelog: plugin.changelog,
        },
      });
      const obfuscated = source.obfuscation !== 'NONE';
      jars.push({
        name: plugin.name,
        version: plugin.version,
        sha256: obfuscated ? sha256Hex(built) : stored.sha256,
        size: built.byteLength,
        delivered: obfuscated ? stored : null,
        dependencies: plugin.dependencies.map((path) => bundled.get(path) as BundledJar),
      });
    }
    const signed = await checkSignedRelease(
      deps.tuf,
      source.ownerId,
      await snapshot.readFile(RELEASE_FILE),
      jars,
    );
    return {
      commitSha,
      unchanged: false,
      artifacts: artifacts.map((artifact, index) => ({
        ...artifact,
        tufTarget: signed.targets.get(artifact.name) ?? null,
        dependencies: (jars[index]?.dependencies ?? []).map(({ sha256, size, path }) => ({
          target: signed.dependencyTargets.get(path) ?? null,
          sha256,
          size,
        })),
      })),
      release: signed.publish,
    };
  }

  /**
   * Every bundled jar must be an approved one (its sha256 counts, not its name); each is stored
   * under its sha256 to be delivered with the plugins that bundle it.
   */
  async function storeDependencies(manifest: PluginsManifest, snapshot: RepositorySnapshot) {
    const paths = [...new Set(manifest.plugins.flatMap((plugin) => plugin.dependencies))];
    const read = new Map<string, Uint8Array>();
    for (const path of paths) {
      const bytes = await snapshot.readFile(path);
      if (bytes === null) throw new RepoUpdateRejected(`The dependency ${path} is not in the repository.`);
      read.set(path, bytes);
    }
    const hashes = new Map([...read].map(([path, bytes]) => [path, sha256Hex(bytes)]));
    const approved = await findApprovedHashes(db, [...new Set(hashes.values())]);
    for (const [path, sha256] of hashes) {
      if (!approved.has(sha256)) {
        throw new RepoUpdateRejected(`${path} is not an approved jar (sha256 ${sha256}).`);
      }
    }
    const stored = new Map<string, BundledJar>();
    for (const [path, bytes] of read) stored.set(path, { path, ...(await blobs.put(bytes)) });
    return stored;
  }

  /** Inside the finishing transaction; a refused flush throws and nothing is written. */
  async function register(
    tx: HandedDb,
    updateId: number,
    update: { repositoryId: number; flush: boolean },
    artifacts: PreparedArtifact[],
  ) {
    const before = new Map(
      (await findRegisteredPlugins(tx, update.repositoryId)).map((row) => [row.name, row]),
    );
    const showcases: PluginShowcaseWrite[] = [];
    for (const { showcase, ...artifact } of artifacts) {
      const pluginId = await upsertPlugin(tx, { ...artifact, repositoryId: update.repositoryId });
      showcases.push({ pluginId, ...showcase });
      const previous = before.get(artifact.name);
      if (previous?.version !== artifact.version || previous.artifactSha256 !== artifact.artifactSha256) {
        await insertPluginVersion(tx, {
          pluginId,
          version: artifact.version,
          artifactSha256: artifact.artifactSha256,
          artifactSize: artifact.artifactSize,
          repoUpdateId: updateId,
        });
      }
    }
    await replacePluginShowcases(tx, showcases);
    if (!update.flush) return 0;
    const listed = new Set(artifacts.map((artifact) => artifact.name));
    const stale = [...before.values()].filter((plugin) => !listed.has(plugin.name));
    const links = await countLinksByPlugin(
      tx,
      stale.map((plugin) => plugin.id),
    );
    const granted = stale.filter((plugin) => links.has(plugin.id)).map((plugin) => plugin.name);
    if (granted.length > 0) {
      throw new RepoUpdateRejected(
        `Flush refused: a price still grants ${granted.join(', ')}, which ${MANIFEST_FILE} no longer lists. Unlink ${granted.length === 1 ? 'it' : 'them'} from the prices first.`,
      );
    }
    await deletePlugins(
      tx,
      stale.map((plugin) => plugin.id),
    );
    return stale.length;
  }

  return async function runRepoUpdate(
    updateId: number,
    attempt: { retryCount: number },
  ): Promise<RepoUpdateOutcome> {
    if (!(await claimRepoUpdate(db, updateId, clock()))) return { updateId, skipped: 'not pending' };
    const update = await findRepoUpdate(db, updateId);
    const source = update && (await findRepositorySource(db, update.repositoryId));
    if (!update || !source) return { updateId, skipped: 'not pending' };
    let commitSha: string | null = null;
    try {
      const prepared = await deps.readSnapshot(source, (snapshot) => {
        commitSha = snapshot.commitSha;
        return prepare(update, source, snapshot);
      });
      let dropped = 0;
      const finished = await db.transaction(async (tx) => {
        if ((await lockRepoUpdate(tx, updateId)) !== 'RUNNING') return false;
        if (!prepared.unchanged) {
          dropped = await register(tx, updateId, update, prepared.artifacts);
          const release = prepared.release;
          if (release) {
            await deps.tuf.publishRole(release.role, release.metadata, release.body, tx);
            await deps.tuf.signObfuscated(release.obfuscated, tx);
          }
        }
        await finishRepoUpdate(tx, updateId, {
          status: 'DONE',
          error: null,
          commitSha: prepared.commitSha,
          finishedAt: clock(),
          outcome: prepared.unchanged ? 'UNCHANGED' : 'PUBLISHED',
          publishedPlugins: prepared.unchanged ? null : prepared.artifacts.length,
          publishedVersions: prepared.unchanged ? [] : publishedVersionsOf(prepared.artifacts),
          settingsSha256: deliverySettingsSha256(source),
        });
        if (!prepared.unchanged) {
          await deps.notify?.(tx, {
            userId: source.ownerId,
            kind: 'REPO_UPDATE_PUBLISHED',
            idempotencyKey: `repo-update-done:${updateId}`,
            params: { repository: source.url, repositoryId: source.id },
            link: `/developer/repository/${source.id}`,
          });
        }
        return true;
      });
      if (!finished) return { updateId, skipped: 'not pending' };
      if (!prepared.unchanged) {
        await deps.caches.invalidate('catalog');
        if (prepared.release) await deps.tuf.refresh();
      }
      return {
        updateId,
        status: 'DONE',
        commitSha: prepared.commitSha,
        unchanged: prepared.unchanged,
        registered: prepared.unchanged ? 0 : prepared.artifacts.length,
        dropped,
      };
    } catch (error) {
      const message = readableOf(error);
      if (!isPermanent(error) && attempt.retryCount < deps.retryLimit) {
        await markRepoUpdateRetrying(db, updateId, `${message} Trying again shortly.`);
        throw error;
      }
      await db.transaction(async (tx) => {
        await finishRepoUpdate(tx, updateId, {
          status: 'FAILED',
          error: message,
          commitSha,
          finishedAt: clock(),
        });
        await deps.notify?.(tx, {
          userId: source.ownerId,
          kind: 'REPO_UPDATE_FAILED',
          idempotencyKey: `repo-update-failed:${updateId}`,
          params: { repository: source.url, repositoryId: source.id, reason: message },
          link: `/developer/repository/${source.id}`,
        });
      });
      if (!isPermanent(error)) throw error;
      return { updateId, status: 'FAILED', error: message };
    }
  };
}

export type RunRepoUpdate = ReturnType<typeof createRepoUpdateRunner>;
