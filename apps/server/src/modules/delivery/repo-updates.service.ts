import { totalPagesOf } from '@ember/contracts/paging';
import type {
  RepoUpdatePage,
  RepoUpdateResponse,
  repoUpdatesQuery,
  requestRepoUpdateBody,
} from '@ember/contracts/repo-updates';
import type { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, can, isStaffAction } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from './db.ts';
import type { RepoUpdatePayload } from './repo-update-jobs.ts';
import {
  cancelPendingRepoUpdates,
  countRepoUpdates,
  findRepoUpdate,
  findRepoUpdates,
  finishRepoUpdate,
  insertRepoUpdate,
  insertUpdateOfEveryRepository,
  type RepoUpdateFilter,
  type RepoUpdateRow,
} from './repo-updates.repository.ts';
import { findRepository } from './repositories.repository.ts';

type RepoUpdatesQuery = z.output<typeof repoUpdatesQuery>;
type RequestRepoUpdateBody = z.output<typeof requestRepoUpdateBody>;

export const FLUSHED_ERROR = 'Cancelled before it started: an admin flushed the pending updates.';
const NOT_QUEUED_ERROR = 'The update could not be queued. Try again later.';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toRepoUpdateResponse = ({ ownerId: _ownerId, ...row }: RepoUpdateRow): RepoUpdateResponse => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  startedAt: iso(row.startedAt),
  finishedAt: iso(row.finishedAt),
});

/** Spec §7 client delivery service: queue, list and flush repository updates (the jobs run them). */
export function createRepoUpdatesService(deps: {
  db: Db;
  clock: () => Date;
  /** Sends the job that runs the update (jobs.send of the repo-update job). */
  enqueue: (payload: RepoUpdatePayload) => Promise<unknown>;
}) {
  const { db, clock } = deps;

  async function present(id: number): Promise<RepoUpdateResponse> {
    const row = await findRepoUpdate(db, id);
    if (!row) throw new NotFound(`No repository update with id ${id}.`);
    return toRepoUpdateResponse(row);
  }

  /** The row is written first, so the job always finds it; a job that cannot be sent fails its row. */
  async function enqueue(payload: RepoUpdatePayload) {
    try {
      await deps.enqueue(payload);
    } catch (error) {
      await finishRepoUpdate(db, payload.updateId, {
        status: 'FAILED',
        error: NOT_QUEUED_ERROR,
        commitSha: null,
        finishedAt: clock(),
      });
      throw error;
    }
  }

  return {
    /** A repository's updates for its owner (or an admin); without repoId, all of an admin's view or the caller's repositories'. */
    async list(principal: Principal, query: RepoUpdatesQuery): Promise<RepoUpdatePage> {
      const filter: RepoUpdateFilter = { status: query.status };
      if (query.repoId !== undefined) {
        const repository = await findRepository(db, query.repoId);
        if (!repository) throw new NotFound(`No repository with id ${query.repoId}.`);
        authorize(principal, 'repository:read', { ownerId: repository.ownerId });
        filter.repositoryId = query.repoId;
      } else if (!can(principal, 'repo-update:manage')) {
        authorize(principal, 'repository:read', { ownerId: principal.userId });
        filter.ownerId = principal.userId;
      }
      const [rows, total] = await Promise.all([
        findRepoUpdates(db, filter, { limit: query.size, offset: query.page * query.size }),
        countRepoUpdates(db, filter),
      ]);
      return { content: rows.map(toRepoUpdateResponse), totalPages: totalPagesOf(total, query.size) };
    },

    async request(caller: Caller, body: RequestRepoUpdateBody): Promise<RepoUpdateResponse> {
      const { id, repositoryId } = await db.transaction(async (tx) => {
        const repository = await findRepository(tx, body.repoId);
        if (!repository) throw new NotFound(`No repository with id ${body.repoId}.`);
        const role = authorize(caller, 'repository:request-update', { ownerId: repository.ownerId });
        const updateId = await insertRepoUpdate(tx, {
          repositoryId: repository.id,
          reason: body.reason,
          force: body.force,
          flush: body.flush,
          requestedById: caller.userId,
        });
        if (isStaffAction(caller, role, { ownerId: repository.ownerId })) {
          await recordAudit(tx, actorOf(caller, role), {
            action: 'repository:request-update',
            target: { kind: 'REPOSITORY', id: repository.id },
            before: null,
            after: { repoUpdateId: updateId, reason: body.reason, force: body.force, flush: body.flush },
          });
        }
        return { id: updateId, repositoryId: repository.id };
      });
      await enqueue({ updateId: id, repositoryId });
      return present(id);
    },

    /** An admin's "force repo updates": one update per repository. */
    async requestAll(caller: Caller, force: boolean): Promise<number> {
      const role = authorize(caller, 'repo-update:manage');
      const queued = await db.transaction(async (tx) => {
        const rows = await insertUpdateOfEveryRepository(tx, {
          reason: force ? 'Forced update of every repository' : 'Update of every repository',
          force,
          requestedById: caller.userId,
        });
        await recordAudit(tx, actorOf(caller, role), {
          action: 'repo-update:manage',
          target: { kind: 'REPO_UPDATE', id: 'all' },
          before: null,
          after: { queued: rows.length, force },
        });
        return rows;
      });
      for (const payload of queued) await enqueue(payload);
      return queued.length;
    },

    /** Cancels the updates not started yet (their jobs then do nothing). */
    async flush(caller: Caller): Promise<number> {
      const role = authorize(caller, 'repo-update:manage');
      return db.transaction(async (tx) => {
        const cancelled = await cancelPendingRepoUpdates(tx, FLUSHED_ERROR, clock());
        await recordAudit(tx, actorOf(caller, role), {
          action: 'repo-update:manage',
          target: { kind: 'REPO_UPDATE', id: 'pending' },
          before: { pending: cancelled },
          after: { cancelled: cancelled.length },
        });
        return cancelled.length;
      });
    },
  };
}

export type RepoUpdatesService = ReturnType<typeof createRepoUpdatesService>;
