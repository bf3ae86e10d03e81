/** The admin panel's reads. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (params: unknown) => ['admin', 'users', 'page', params] as const,
  user: (id: number) => ['admin', 'users', 'one', id] as const,
  repositories: ['admin', 'repositories'] as const,
  repositoriesPage: (params: unknown) => ['admin', 'repositories', params] as const,
  approvedRepos: ['admin', 'approved-repos'] as const,
  approvedReposPage: (params: unknown) => ['admin', 'approved-repos', params] as const,
  approvedJars: ['admin', 'approved-jars'] as const,
  approvedJarsPage: (params: unknown) => ['admin', 'approved-jars', params] as const,
  repoUpdates: ['admin', 'repo-updates'] as const,
  repoUpdatesPage: (params: unknown) => ['admin', 'repo-updates', params] as const,
  auditEvents: ['admin', 'audit-events'] as const,
  auditEventsPage: (params: unknown) => ['admin', 'audit-events', params] as const,
  failedJobs: ['admin', 'failed-jobs'] as const,
  failedJobsPage: (params: unknown) => ['admin', 'failed-jobs', params] as const,
};
