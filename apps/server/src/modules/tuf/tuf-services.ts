import type { Env } from '../../config/env.ts';
import type { Db } from './db.ts';
import { signDemoReleases } from './demo-releases.ts';
import { createLocalTrust, type DeveloperDelegation, usesLocalTrust } from './local-trust.ts';
import { operatorTrustOf } from './online-keys.ts';
import { tufJobs } from './tuf.jobs.ts';
import { type ActiveSigningKeys, createTufRepository } from './tuf-repository.service.ts';

/**
 * Until the developer keys module is wired in, no developer has an active key: every developer
 * role is refused (nothing is published that a registered key did not sign).
 */
const noKeysRegistered: ActiveSigningKeys = async () => [];

/**
 * The TUF repository as the composition root builds it: the operator's online keys and signed files
 * from the environment, or, outside production without them, a local trust (decision 0064).
 */
export async function createTufServices(deps: {
  env: Env;
  db: Db;
  clock: () => Date;
  activeSigningKeys?: ActiveSigningKeys;
  /** Every developer's registered keys: the local trust delegates to them as an operator would. */
  registeredKeys?: () => Promise<DeveloperDelegation[]>;
  /** The public keys (hex) the per-user manifest is signed with: a local root names them. */
  manifestKeysHex?: string[];
}) {
  const local = usesLocalTrust(deps.env)
    ? await createLocalTrust(deps.env, { clock: deps.clock, manifestKeysHex: deps.manifestKeysHex ?? [] })
    : null;
  const { keys, signedDir } = local
    ? { keys: local.onlineKeys, signedDir: local.signedDir }
    : operatorTrustOf(deps.env);
  const repository = createTufRepository({
    db: deps.db,
    clock: deps.clock,
    keys,
    signedDir,
    timestampTtlSeconds: deps.env.TUF_TIMESTAMP_TTL_SECONDS,
    activeSigningKeys: deps.activeSigningKeys ?? noKeysRegistered,
  });
  const registered = deps.registeredKeys ?? (async () => []);
  const refresh = async () => {
    // The local trust's operator signs the developers' keys into the targets first.
    if (local) await local.syncTargets(await registered());
    await repository.refresh();
  };
  // Published before the first request: a fresh store serves its root and a timestamp at once.
  await refresh();
  return {
    repository,
    local,
    /** Signs the seeded demo plugins as their developers would (local trust only); their target paths. */
    signDemoReleases: async (plugins: Parameters<typeof signDemoReleases>[0]['plugins']) =>
      local
        ? signDemoReleases({ plugins, local, repository, db: deps.db, clock: deps.clock, registered })
        : new Map<number, string>(),
    jobs: tufJobs({ refresh }),
  };
}
