import type { RepoUpdateOutcome, RepoUpdateStatus } from '@ember/contracts/enums';
import { repositories, repoUpdates } from '@ember/db/schema/delivery';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { countedTotal, firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// Reads and writes repo_updates (this module's table): the queue of repository updates as people
// see it. pg-boss keeps the jobs that run them (modules/jobs); a job only carries the update's id.

const updateColumns = {
  id: repoUpdates.id,
  repositoryId: repoUpdates.repositoryId,
  ownerId: repositories.ownerId,
  repoUrl: repositories.url,
  reason: repoUpdates.reason,
  status: repoUpdates.status,
  force: repoUpdates.force,
  flush: repoUpdates.flush,
  error: repoUpdates.error,
  commitSha: repoUpdates.commitSha,
  outcome: repoUpdates.outcome,
  publishedPlugins: repoUpdates.publishedPlugins,
  publishedVersions: repoUpdates.publishedVersions,
  createdAt: repoUpdates.createdAt,
  startedAt: repoUpdates.startedAt,
  finishedAt: repoUpdates.finishedAt,
};

export interface RepoUpdateRow {
  id: number;
  repositoryId: number;
  ownerId: number;
  repoUrl: string;
  reason: string;
  status: RepoUpdateStatus;
  force: boolean;
  flush: boolean;
  error: string | null;
  commitSha: string | null;
  outcome: RepoUpdateOutcome | null;
  publishedPlugins: number | null;
  publishedVersions: string[];
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface RepoUpdateFilter {
  ownerId?: number;
  repositoryId?: number;
  status?: RepoUpdateStatus;
}

const whereOf = (filter: RepoUpdateFilter): SQL | undefined =>
  and(
    filter.ownerId === undefined ? undefined : eq(repositories.ownerId, filter.ownerId),
    filter.repositoryId === undefined ? undefined : eq(repoUpdates.repositoryId, filter.repositoryId),
    filter.status === undefined ? undefined : eq(repoUpdates.status, filter.status),
  );

export async function insertRepoUpdate(
  db: HandedDb,
  values: {
    repositoryId: number;
    reason: string;
    force: boolean;
    flush: boolean;
    requestedById: number | null;
  },
): Promise<number> {
  const [row] = await db.insert(repoUpdates).values(values).returning({ id: repoUpdates.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export function findRepoUpdate(db: HandedDb, id: number): Promise<RepoUpdateRow | null> {
  return firstRowOrNull(
    db
      .select(updateColumns)
      .from(repoUpdates)
      .innerJoin(repositories, eq(repositories.id, repoUpdates.repositoryId))
      .where(eq(repoUpdates.id, id)),
  );
}

/** Newest first. */
export function findRepoUpdates(
  db: HandedDb,
  filter: RepoUpdateFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select(updateColumns)
    .from(repoUpdates)
    .innerJoin(repositories, eq(repositories.id, repoUpdates.repositoryId))
    .where(whereOf(filter))
    .orderBy(desc(repoUpdates.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function countRepoUpdates(db: HandedDb, filter: RepoUpdateFilter): Promise<number> {
  return countedTotal(
    db
      .select({ total: count() })
      .from(repoUpdates)
      .innerJoin(repositories, eq(repositories.id, repoUpdates.repositoryId))
      .where(whereOf(filter)),
  );
}

/**
 * Marks the update RUNNING for an attempt; a retry of an attempt that died finds it RUNNING and
 * takes it over. False when it is no longer to be run (finished, cancelled, or deleted with its
 * repository).
 */
export async function claimRepoUpdate(db: HandedDb, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(repoUpdates)
    .set({ status: 'RUNNING', startedAt: now, error: null, finishedAt: null })
    .where(and(eq(repoUpdates.id, id), inArray(repoUpdates.status, ['PENDING', 'RUNNING'])))
    .returning({ id: repoUpdates.id });
  return rows.length > 0;
}

/** Locks the update's row for the transaction that finishes it; its status now. */
export async function lockRepoUpdate(tx: HandedDb, id: number): Promise<RepoUpdateStatus | null> {
  const [row] = await tx
    .select({ status: repoUpdates.status })
    .from(repoUpdates)
    .where(eq(repoUpdates.id, id))
    .for('update');
  return row?.status ?? null;
}

export async function finishRepoUpdate(
  db: HandedDb,
  id: number,
  fields: {
    status: 'DONE' | 'FAILED';
    error: string | null;
    commitSha: string | null;
    finishedAt: Date;
    /** DONE only: what it did (repository page), and the settings it published with. */
    outcome?: RepoUpdateOutcome;
    publishedPlugins?: number | null;
    publishedVersions?: string[];
    settingsSha256?: string;
  },
): Promise<void> {
  await db
    .update(repoUpdates)
    .set(fields)
    .where(and(eq(repoUpdates.id, id), inArray(repoUpdates.status, ['PENDING', 'RUNNING'])));
}

/** An attempt failed and will be retried: the update waits again, saying why. */
export async function markRepoUpdateRetrying(db: HandedDb, id: number, error: string): Promise<void> {
  await db
    .update(repoUpdates)
    .set({ status: 'PENDING', error })
    .where(and(eq(repoUpdates.id, id), eq(repoUpdates.status, 'RUNNING')));
}

/** Cancels every update not started yet; their jobs find them FAILED and do nothing. */
export async function cancelPendingRepoUpdates(db: HandedDb, error: string, now: Date): Promise<number[]> {
  const rows = await db
    .update(repoUpdates)
    .set({ status: 'FAILED', error, finishedAt: now })
    .where(and(eq(repoUpdates.status, 'PENDING'), isNull(repoUpdates.startedAt)))
    .returning({ id: repoUpdates.id });
  return rows.map((row) => row.id);
}

/** The commit the repository's last successful update registered, and the delivery settings it used. */
export function lastRegistered(
  db: HandedDb,
  repositoryId: number,
): Promise<{ commitSha: string | null; settingsSha256: string | null } | null> {
  return firstRowOrNull(
    db
      .select({ commitSha: repoUpdates.commitSha, settingsSha256: repoUpdates.settingsSha256 })
      .from(repoUpdates)
      .where(
        and(
          eq(repoUpdates.repositoryId, repositoryId),
          eq(repoUpdates.status, 'DONE'),
          isNotNull(repoUpdates.commitSha),
        ),
      )
      .orderBy(desc(repoUpdates.finishedAt), desc(repoUpdates.id))
      .limit(1),
  );
}

/** One queued update for every repository (two statements, however many repositories). */
export async function insertUpdateOfEveryRepository(
  db: HandedDb,
  values: { reason: string; force: boolean; requestedById: number | null },
): Promise<{ updateId: number; repositoryId: number }[]> {
  const all = await db.select({ id: repositories.id }).from(repositories).orderBy(asc(repositories.id));
  if (all.length === 0) return [];
  return db
    .insert(repoUpdates)
    .values(all.map((repository) => ({ ...values, repositoryId: repository.id, flush: false })))
    .returning({ updateId: repoUpdates.id, repositoryId: repoUpdates.repositoryId });
}
