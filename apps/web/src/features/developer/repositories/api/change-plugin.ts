import { type PluginResponse, pluginResponse, type UpdatePluginBody } from '@ember/contracts/delivery';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { noContent } from '../../../../lib/no-content.ts';
import { PLUGIN_DELETED_MESSAGE, PLUGIN_UPDATED_MESSAGE } from '../utils/repository-messages.ts';

/** PUT shop /plugins/{id} {description}: name and version come from the repository's manifest. */
export function updatePlugin({ id, body }: { id: number; body: UpdatePluginBody }): Promise<PluginResponse> {
  return apiFetch('shop', `/plugins/${id}`, pluginResponse, { method: 'PUT', body });
}

/** DELETE shop /plugins/{id}: refused while a price still grants it. */
export function deletePlugin(id: number): Promise<undefined> {
  return apiFetch('shop', `/plugins/${id}`, noContent, { method: 'DELETE' });
}

/** Edit description and Delete of the repository page's plugin table. */
export function useChangePlugin() {
  const update = useActionMutation({
    mutationFn: updatePlugin,
    success: PLUGIN_UPDATED_MESSAGE,
    refresh: refreshDeveloperData,
  });
  const remove = useActionMutation({
    mutationFn: deletePlugin,
    success: PLUGIN_DELETED_MESSAGE,
    refresh: refreshDeveloperData,
  });
  return { update, remove };
}
