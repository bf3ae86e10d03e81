import {
  type ApprovedJarResponse,
  type ApproveRepoQuery,
  approvedJarCreatedResponse,
  approvedJarPageResponse,
  approvedRepoCreatedResponse,
  approvedRepoPageResponse,
  type approveRepoQuery,
} from '@ember/contracts/repo-updates';
import type { z } from 'zod';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';

export interface ApprovalsPage {
  page: number;
  size: number;
}

/** GET shop /approved-repos?page&size, newest first. */
export function getApprovedRepos({ page, size }: ApprovalsPage) {
  return apiFetch('shop', '/approved-repos', approvedRepoPageResponse, { query: { page, size } });
}

export const approvedReposQueryOptions = keyedQueryOptions(adminKeys.approvedReposPage, getApprovedRepos);

export const useApprovedRepos = (params: ApprovalsPage) => usePagedQuery(approvedReposQueryOptions(params));

/** GET shop /approved-jars?page&size, newest first. */
export function getApprovedJars({ page, size }: ApprovalsPage) {
  return apiFetch('shop', '/approved-jars', approvedJarPageResponse, { query: { page, size } });
}

export const approvedJarsQueryOptions = keyedQueryOptions(adminKeys.approvedJarsPage, getApprovedJars);

export const useApprovedJars = (params: ApprovalsPage) => usePagedQuery(approvedJarsQueryOptions(params));

/** POST shop /approved-repos?owner&name&token (admins). */
export function approveRepo({ owner, name, token }: z.output<typeof approveRepoQuery> | ApproveRepoQuery) {
  return apiFetch('shop', '/approved-repos', approvedRepoCreatedResponse, {
    method: 'POST',
    query: { owner, name, token: token || undefined },
  });
}

/** 'Repo approved!', then the list reads again. */
export const useApproveRepo = () =>
  useActionMutation({
    mutationFn: approveRepo,
    success: (answer) => answer.message,
    refresh: [adminKeys.approvedRepos],
  });

/** POST shop /approved-jars: the jar as one multipart/form-data file part (admins). */
export function approveJar(file: File): Promise<{ message: string; jar: ApprovedJarResponse }> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch('shop', '/approved-jars', approvedJarCreatedResponse, { method: 'POST', body });
}

/** 'Jar approved!', then the list reads again. */
export const useApproveJar = () =>
  useActionMutation({
    mutationFn: approveJar,
    success: (answer) => answer.message,
    refresh: [adminKeys.approvedJars],
  });
