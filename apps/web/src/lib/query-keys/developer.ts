/** An access list's owner (a plan or a price) and which list. */
export interface AccessListKey {
  level: string;
  id: number;
  list: string;
}

/** The developer workspace's own reads: repositories, plugins, links, access lists, statistics. */
export const developerKeys = {
  all: ['developer'] as const,
  repositories: () => ['developer', 'repositories'] as const,
  signingKeys: () => ['developer', 'signing-keys'] as const,
  repository: (id: number) => ['developer', 'repository', id] as const,
  repositoryPlugins: (repositoryId: number | null, page: number) =>
    ['developer', 'plugins', repositoryId, page] as const,
  repoUpdates: (repoId: number) => ['developer', 'repo-updates', repoId] as const,
  repoUpdatesPage: (repoId: number, page: number, size: number) =>
    ['developer', 'repo-updates', repoId, page, size] as const,
  pluginLinks: (priceId: number) => ['developer', 'plugin-links', priceId] as const,
  accessList: ({ level, id, list }: AccessListKey) => ['developer', 'access-list', level, id, list] as const,
  priceStatistics: (priceId: number) => ['developer', 'statistics', 'price', priceId] as const,
  monthlyStatistics: () => ['developer', 'statistics', 'monthly'] as const,
};
