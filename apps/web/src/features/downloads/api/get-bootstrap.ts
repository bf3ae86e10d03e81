import { GENERIC_ERROR_MESSAGE } from '@ember/contracts/errors';
import { type Bootstrap, bootstrapSchema } from '@ember/contracts/public-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../../../config/public-config.ts';
import { ApiError } from '../../../lib/api-error.ts';

/** The updater bootstrap document: one download address per platform. */
export async function getBootstrap(): Promise<Bootstrap> {
  const response = await fetch(getPublicConfig().bootstrapUrl, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, GENERIC_ERROR_MESSAGE);
  return bootstrapSchema.parse(await response.json());
}

export function bootstrapQueryOptions() {
  return queryOptions({ queryKey: ['bootstrap'], queryFn: getBootstrap, staleTime: 10 * 60_000 });
}

/** Fetched only while `enabled` (the Download menu is for signed-in users). */
export function useBootstrap({ enabled }: { enabled: boolean }) {
  return useQuery({ ...bootstrapQueryOptions(), enabled });
}
