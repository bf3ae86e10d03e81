import type { RepoUpdateStatus } from '@ember/contracts/enums';
import {
  type RepoUpdatePage,
  type RepoUpdateResponse,
  type RequestRepoUpdateBody,
  repoUpdatePageResponse,
  repoUpdateQueuedResponse,
} from '@ember/contracts/repo-updates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';
import { keyedQueryOptions } from '../../../lib/query-options.ts';

/** How often the list is read again while an update on it is queued or running. */
export const ADMIN_REPO_UPDATES_POLL_MS = 3_000;

export const QUEUED_FROM_ADMIN_REASON = 'Queued again from the admin panel';

export interface RepoUpdatesParams {
  page: number;
  size: number;
  /** undefined: every status. */
  status?: RepoUpdateStatus;
}

export const isUnfinishedUpdate = (update: RepoUpdateResponse) =>
  update.status === 'PENDING' || update.status === 'RUNNING';

/** GET shop /repo-updates?page&size&status (admins see every repository's), newest first. */
export function getAllRepoUpdates({ page, size, status }: RepoUpdatesParams): Promise<RepoUpdatePage> {
  return apiFetch('shop', '/repo-updates', repoUpdatePageResponse, { query: { page, size, status } });
}

export const allRepoUpdatesQueryOptions = keyedQueryOptions(adminKeys.repoUpdatesPage, getAllRepoUpdates);

/** The page on screen stays while the next loads; read again every few seconds while one runs. */
export function useAllRepoUpdates(params: RepoUpdatesParams) {
  return useQuery({
    ...allRepoUpdatesQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.content.some(isUnfinishedUpdate) ? ADMIN_REPO_UPDATES_POLL_MS : false,
  });
}

/** POST shop /repo-updates {repoId, reason, force: false, flush: false}: queues one repository again. */
export function queueRepoUpdateOf(repoId: number) {
  const body: RequestRepoUpdateBody = {
    repoId,
    reason: QUEUED_FROM_ADMIN_REASON,
    force: false,
    flush: false,
  };
  return apiFetch('shop', '/repo-updates', repoUpdateQueuedResponse, { method: 'POST', body });
}

/** 'Update queued', then the list reads again. */
export const useQueueRepoUpdateOf = () =>
  useActionMutation({
    mutationFn: queueRepoUpdateOf,
    success: (answer) => answer.message,
    refresh: [adminKeys.repoUpdates],
  });
