import { REPO_UPDATE_STATUSES } from '@ember/contracts/enums';
import { pageOf } from '@ember/contracts/paging';
import { z } from '@ember/contracts/zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { CHECK_FOR_UPDATES_REASON } from '../utils/repository-messages.ts';
import { DEVELOPER_QUERY_KEY, refreshDeveloperData } from './developer-query-keys.ts';

// These schemas mirror the repo-updates contract (issue 19: GET /repo-updates?repoId paged,
// POST /repo-updates {repoId, flush, reason, force} answering 202 with the queued update).

export const repoUpdateResponse = z.object({
  id: z.number().int(),
  repositoryId: z.number().int(),
  status: z.enum(REPO_UPDATE_STATUSES),
  reason: z.string(),
  force: z.boolean(),
  flush: z.boolean(),
  /** Why a FAILED update failed, in words a developer can act on. */
  error: z.string().nullable(),
  commitSha: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type RepoUpdate = z.infer<typeof repoUpdateResponse>;
export const repoUpdatePageResponse = pageOf(repoUpdateResponse);
export type RepoUpdatePage = z.infer<typeof repoUpdatePageResponse>;

/** The spec §8 toast of a queued update. */
export const UPDATE_QUEUED_MESSAGE = 'Update queued';

/** How often the list is read again while an update is queued or running. */
export const REPO_UPDATE_POLL_MS = 2_000;

const updatesKey = (repoId: number) => [...DEVELOPER_QUERY_KEY, 'repo-updates', repoId] as const;

export const isUnfinished = (update: RepoUpdate) =>
  update.status === 'PENDING' || update.status === 'RUNNING';

/** GET shop /repo-updates?repoId&page&size: the repository's updates, newest first. */
export function getRepoUpdates(repoId: number, page: number, size: number): Promise<RepoUpdatePage> {
  return apiFetch('shop', '/repo-updates', repoUpdatePageResponse, { query: { repoId, page, size } });
}

/**
 * The updates of a repository, read again every 2 s while one is queued or running. When the last
 * one finishes, the page's other reads (plugins, plugin count) are refreshed: it may have changed them.
 */
export function useRepoUpdates(repoId: number, page: number, size: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...queryOptions({
      queryKey: [...updatesKey(repoId), page, size],
      queryFn: () => getRepoUpdates(repoId, page, size),
    }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.content.some(isUnfinished) ? REPO_UPDATE_POLL_MS : false,
  });
  const running = query.data?.content.some(isUnfinished) ?? false;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void refreshDeveloperData(queryClient);
    wasRunning.current = running;
  }, [running, queryClient]);
  return query;
}

/** POST shop /repo-updates {repoId, reason, force: false, flush: false}: 202 with the queued update. */
export function queueRepoUpdate(repoId: number): Promise<RepoUpdate> {
  return apiFetch('shop', '/repo-updates', repoUpdateResponse, {
    method: 'POST',
    body: { repoId, reason: CHECK_FOR_UPDATES_REASON, force: false, flush: false },
  });
}

/** Check for updates: 'Update queued', then the list (and so its polling) is read again. */
export function useQueueRepoUpdate(repoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => queueRepoUpdate(repoId),
    onSuccess: () => {
      void notify.success(UPDATE_QUEUED_MESSAGE);
      return queryClient.invalidateQueries({ queryKey: updatesKey(repoId) });
    },
  });
}
