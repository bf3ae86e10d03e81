import type { Env } from '../../config/env.ts';
import type { Db } from './db.ts';
import { loadOnlineKeys, signedDirOf } from './online-keys.ts';
import { tufJobs } from './tuf.jobs.ts';
import { type ActiveSigningKeys, createTufRepository } from './tuf-repository.service.ts';

/**
 * Until the developer keys module is wired in, no developer has an active key: every developer
 * role is refused (nothing is published that a registered key did not sign).
 */
const noKeysRegistered: ActiveSigningKeys = async () => [];

/** The TUF repository as the composition root builds it: its online keys and signed files from the environment. */
export async function createTufServices(deps: {
  env: Env;
  db: Db;
  clock: () => Date;
  activeSigningKeys?: ActiveSigningKeys;
}) {
  const repository = createTufRepository({
    db: deps.db,
    clock: deps.clock,
    keys: loadOnlineKeys(deps.env),
    signedDir: signedDirOf(deps.env),
    timestampTtlSeconds: deps.env.TUF_TIMESTAMP_TTL_SECONDS,
    activeSigningKeys: deps.activeSigningKeys ?? noKeysRegistered,
  });
  // Published before the first request: a fresh store serves its root and a timestamp at once.
  await repository.refresh();
  return { repository, jobs: tufJobs({ refresh: () => repository.refresh() }) };
}
