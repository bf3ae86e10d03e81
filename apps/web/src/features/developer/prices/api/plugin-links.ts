import {
  type CreatePluginLinkBody,
  PLUGIN_ATTACHED_MESSAGE,
  PLUGIN_UNLINKED_MESSAGE,
  type PluginLinkResponse,
  pluginLinkResponse,
  pluginLinksResponse,
} from '@ember/contracts/delivery';
import { useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { noContent } from '../../../../lib/no-content.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';
import { keyedQueryOptions } from '../../../../lib/query-options.ts';

/** GET shop /plugin-links/by-price/{priceId}: the plugins a price gives its subscribers. */
export function getPluginLinks(priceId: number): Promise<PluginLinkResponse[]> {
  return apiFetch('shop', `/plugin-links/by-price/${priceId}`, pluginLinksResponse);
}

const pluginLinksQuery = keyedQueryOptions(developerKeys.pluginLinks, getPluginLinks);

export const usePluginLinks = (priceId: number) => useQuery(pluginLinksQuery(priceId));

/** POST shop /plugin-links?priceId {pluginId, sessions}; DELETE /plugin-links/{id}. */
export function useChangePluginLinks(priceId: number) {
  const refresh = [developerKeys.pluginLinks(priceId)];
  const attach = useActionMutation({
    mutationFn: (body: CreatePluginLinkBody) =>
      apiFetch('shop', '/plugin-links', pluginLinkResponse, { method: 'POST', query: { priceId }, body }),
    success: PLUGIN_ATTACHED_MESSAGE,
    refresh,
  });
  const unlink = useActionMutation({
    mutationFn: (linkId: number) =>
      apiFetch('shop', `/plugin-links/${linkId}`, noContent, { method: 'DELETE' }),
    success: PLUGIN_UNLINKED_MESSAGE,
    refresh,
  });
  return { attach, unlink };
}
