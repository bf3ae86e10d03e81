import {
  type AccessList,
  type AccessListEntryResponse,
  accessListEntryResponse,
  accessListResponse,
} from '@ember/contracts/catalog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { noContent } from '../../lib/no-content.ts';
import { developerKeys } from '../../lib/query-keys/developer.ts';

/** Whose list: a plan's (/plans/{id}/…) or a price's (/prices/{id}/…). */
export interface AccessListOwner {
  level: 'plan' | 'price';
  id: number;
}

const basePath = ({ level, id }: AccessListOwner, list: AccessList) => `/${level}s/${id}/${list}`;

/** GET shop /plans|prices/{id}/whitelist|blacklist. */
export function getAccessList(owner: AccessListOwner, list: AccessList): Promise<AccessListEntryResponse[]> {
  return apiFetch('shop', basePath(owner, list), accessListResponse);
}

export function useAccessList(owner: AccessListOwner, list: AccessList) {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.accessList({ ...owner, list }),
      queryFn: () => getAccessList(owner, list),
    }),
  );
}

/** POST …/whitelist|blacklist?discordId, DELETE …/whitelist|blacklist/{userId}. */
export function useChangeAccessList(owner: AccessListOwner, list: AccessList) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: developerKeys.accessList({ ...owner, list }) });
  const add = useMutation({
    mutationFn: (discordId: string) =>
      apiFetch('shop', basePath(owner, list), accessListEntryResponse, {
        method: 'POST',
        query: { discordId },
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: number) =>
      apiFetch('shop', `${basePath(owner, list)}/${userId}`, noContent, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { add, remove };
}
