import {
  type RepoUpdatePage,
  type RepoUpdateQueuedResponse,
  type RepoUpdateResponse,
  type RequestRepoUpdateBody,
  repoUpdatePageResponse,
  repoUpdateQueuedResponse,
  UPDATE_QUEUED_MESSAGE,
} from '@ember/contracts/repo-updates';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';
import { CHECK_FOR_UPDATES_REASON } from '../utils/repository-messages.ts';

/** How often the list is read again while an update is queued or running. */
export const REPO_UPDATE_POLL_MS = 2_000;

export const isUnfinished = (update: RepoUpdateResponse) =>
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
      queryKey: developerKeys.repoUpdatesPage(repoId, page, size),
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
export function queueRepoUpdate(repoId: number): Promise<RepoUpdateQueuedResponse> {
  const body: RequestRepoUpdateBody = {
    repoId,
    reason: CHECK_FOR_UPDATES_REASON,
    force: false,
    flush: false,
  };
  return apiFetch('shop', '/repo-updates', repoUpdateQueuedResponse, { method: 'POST', body });
}

/** Check for updates: 'Update queued', then the list (and so its polling) is read again. */
export const useQueueRepoUpdate = (repoId: number) =>
  useActionMutation({
    mutationFn: () => queueRepoUpdate(repoId),
    success: UPDATE_QUEUED_MESSAGE,
    refresh: [developerKeys.repoUpdates(repoId)],
  });
