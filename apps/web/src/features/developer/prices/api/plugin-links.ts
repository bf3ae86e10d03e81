import {
  type CreatePluginLinkBody,
  PLUGIN_ATTACHED_MESSAGE,
  PLUGIN_UNLINKED_MESSAGE,
  type PluginLinkResponse,
  pluginLinkResponse,
  pluginLinksResponse,
} from '@ember/contracts/delivery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { noContent } from '../../../../lib/no-content.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';

/** GET shop /plugin-links/by-price/{priceId}: the plugins a price gives its subscribers. */
export function getPluginLinks(priceId: number): Promise<PluginLinkResponse[]> {
  return apiFetch('shop', `/plugin-links/by-price/${priceId}`, pluginLinksResponse);
}

export function usePluginLinks(priceId: number) {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.pluginLinks(priceId),
      queryFn: () => getPluginLinks(priceId),
    }),
  );
}

/** POST shop /plugin-links?priceId {pluginId, sessions}; DELETE /plugin-links/{id}. */
export function useChangePluginLinks(priceId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: developerKeys.pluginLinks(priceId) });
  const attach = useMutation({
    mutationFn: (body: CreatePluginLinkBody) =>
      apiFetch('shop', '/plugin-links', pluginLinkResponse, { method: 'POST', query: { priceId }, body }),
    onSuccess: () => {
      void notify.success(PLUGIN_ATTACHED_MESSAGE);
      return refresh();
    },
  });
  const unlink = useMutation({
    mutationFn: (linkId: number) =>
      apiFetch('shop', `/plugin-links/${linkId}`, noContent, { method: 'DELETE' }),
    onSuccess: () => {
      void notify.success(PLUGIN_UNLINKED_MESSAGE);
      return refresh();
    },
  });
  return { attach, unlink };
}
