import {
  type FailedJob,
  failedJobsResponse,
  JOB_RETRIED_MESSAGE,
  retryFailedJobResponse,
} from '@ember/contracts/jobs';
import type { Page } from '@ember/contracts/paging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';
import { notify } from '../../../lib/toast/notify.ts';

/** Every cached page of failed jobs. */

export interface FailedJobsParams {
  /** From 0. */
  page: number;
  size: number;
}

/** GET admin /jobs/failed (admins): background jobs that used up their retries, newest first. */
export function getFailedJobs({ page, size }: FailedJobsParams): Promise<Page<FailedJob>> {
  return apiFetch('admin', '/jobs/failed', failedJobsResponse, { query: { page, size } });
}

export const failedJobsQueryOptions = keyedQueryOptions(adminKeys.failedJobsPage, getFailedJobs);

/** Keeps the page on screen while the next one loads. */
export const useFailedJobs = (params: FailedJobsParams) => usePagedQuery(failedJobsQueryOptions(params));

/** POST admin /jobs/failed/{id}/retry (admins): the job goes back in its queue. */
export function retryFailedJob(id: string) {
  return apiFetch('admin', `/jobs/failed/${encodeURIComponent(id)}/retry`, retryFailedJobResponse, {
    method: 'POST',
  });
}

/**
 * 'Job queued again', and the row leaves the list at once; the list (and the audit trail, which
 * now holds the retry) read again. A refusal (the job was retried already) reads the list too.
 */
export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedJob,
    onSuccess: (_answer, id) => {
      void notify.success(JOB_RETRIED_MESSAGE);
      queryClient.setQueriesData<Page<FailedJob>>({ queryKey: adminKeys.failedJobs }, (page) =>
        page ? { ...page, content: page.content.filter((job) => job.id !== id) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditEvents });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.failedJobs }),
  });
}
