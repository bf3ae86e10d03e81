import { type DeveloperProfile, developerProfileResponse } from '@ember/contracts/developer-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/query-keys/plans.ts';

/** GET shop /developers/{id} (public): who, since when, their plans on sale and their update rhythm. */
export function getDeveloperProfile(id: number): Promise<DeveloperProfile> {
  return apiFetch('shop', `/developers/${id}`, developerProfileResponse);
}

export function developerProfileQueryOptions(id: number) {
  return queryOptions({ queryKey: planKeys.developerProfile(id), queryFn: () => getDeveloperProfile(id) });
}

/** Not retried: a 404 is the page's answer (no such developer), not a hiccup. */
export function useDeveloperProfile(id: number) {
  return useQuery({ ...developerProfileQueryOptions(id), retry: false });
}
