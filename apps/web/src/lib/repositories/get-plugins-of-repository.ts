import { PLUGIN_ATTACH_PAGE_SIZE } from '@ember/contracts/constants';
import { type PluginPage, pluginPageResponse } from '@ember/contracts/delivery';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { developerKeys } from '../query-keys/developer.ts';

/** GET shop /plugins/by-repo/{repositoryId}?page&size: the attach modal reads 100 per page (spec §9). */
export function getPluginsOfRepository(repositoryId: number, page: number): Promise<PluginPage> {
  return apiFetch('shop', `/plugins/by-repo/${repositoryId}`, pluginPageResponse, {
    query: { page, size: PLUGIN_ATTACH_PAGE_SIZE },
  });
}

export function usePluginsOfRepository(repositoryId: number | null, page: number) {
  return useQuery({
    ...queryOptions({
      queryKey: developerKeys.repositoryPlugins(repositoryId, page),
      queryFn: () => getPluginsOfRepository(repositoryId ?? 0, page),
    }),
    enabled: repositoryId !== null,
    placeholderData: keepPreviousData,
  });
}
