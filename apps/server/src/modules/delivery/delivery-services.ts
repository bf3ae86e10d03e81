import type { Env } from '../../config/env.ts';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { createRepositoryReader, repositoryUrlPolicyFrom } from '../../integrations/git/repository-reader.ts';
import type { Resolver } from '../../integrations/git/repository-url-policy.ts';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import type { Notify } from '../notifications/index.ts';
import { createApprovalsService } from './approvals.service.ts';
import { createClientReleasesService } from './client-releases.service.ts';
import type { Db } from './db.ts';
import { createObfuscator } from './obfuscation.ts';
import { createPluginLinksService } from './plugin-links.service.ts';
import { REPO_UPDATE_RETRY_LIMIT, type RepoUpdatePayload, repoUpdateJobs } from './repo-update-jobs.ts';
import { createRepoUpdateRunner } from './repo-update-runner.ts';
import { createRepoUpdatesService } from './repo-updates.service.ts';
import { createRepositoriesService } from './repositories.service.ts';
import type { ReleaseTuf } from './signed-release.ts';

/**
 * The delivery module's services and its repository-update job, built once by the composition
 * root (and by worker processes in tests). `enqueue` sends the update job on the app's queue.
 */
export function createDeliveryServices(deps: {
  db: Db;
  clock: () => Date;
  env: Env;
  blobs: BlobStore;
  enqueue: (payload: RepoUpdatePayload) => Promise<unknown>;
  /** Plugin changes show on plan pages: they drop the 'catalog' caches of every process (decision 0033). */
  caches: CacheInvalidation;
  /** Tests resolve host names their own way; default: the system resolver. */
  resolve?: Resolver;
  /** The TUF repository signed releases are published into (docs/trust.md). */
  tuf: ReleaseTuf;
  /** Seconds before a failed attempt is retried (30; tests shorten it). */
  retryDelaySeconds?: number;
  /** The notification centre's port: an update published or failed. */
  notify?: Notify;
}) {
  const { db, clock, env, blobs } = deps;
  const urlPolicy = repositoryUrlPolicyFrom(env, deps.resolve);
  const run = createRepoUpdateRunner({
    db,
    clock,
    blobs,
    readSnapshot: createRepositoryReader(urlPolicy),
    obfuscate: createObfuscator({
      command: env.OBFUSCATOR_COMMAND,
      timeoutMs: env.OBFUSCATOR_TIMEOUT_SECONDS * 1000,
    }),
    retryLimit: REPO_UPDATE_RETRY_LIMIT,
    caches: deps.caches,
    tuf: deps.tuf,
    notify: deps.notify,
  });
  return {
    repositories: createRepositoriesService({ db, urlPolicy, caches: deps.caches }),
    pluginLinks: createPluginLinksService({ db, caches: deps.caches }),
    repoUpdates: createRepoUpdatesService({ db, clock, enqueue: deps.enqueue }),
    approvals: createApprovalsService({ db, blobs }),
    releases: createClientReleasesService({
      db,
      blobs,
      releaseDirs: { LOADER: env.LOADER_RELEASE_DIR, CLASSPATH: env.CLASSPATH_RELEASE_DIR },
    }),
    jobs: repoUpdateJobs({
      run,
      timeoutSeconds: env.REPO_UPDATE_TIMEOUT_SECONDS,
      retryDelaySeconds: deps.retryDelaySeconds,
    }),
  };
}

export type DeliveryServices = ReturnType<typeof createDeliveryServices>;
