import type { Bootstrap } from '@ember/contracts/bootstrap';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../../../config/public-config.ts';
import { fetchJsonDocument } from '../../../lib/fetch-json-document.ts';
import { bootstrapKeys } from '../../../lib/query-keys/bootstrap.ts';

/** The updater bootstrap document: one download address per platform. */
export function getBootstrap(): Promise<Bootstrap> {
  return fetchJsonDocument(
    getPublicConfig().bootstrapUrl,
    import('@ember/contracts/bootstrap').then((c) => c.bootstrapSchema),
  );
}

export function bootstrapQueryOptions() {
  return queryOptions({ queryKey: bootstrapKeys.all, queryFn: getBootstrap, staleTime: 10 * 60_000 });
}

/** Fetched only while `enabled` (the Download menu is for signed-in users). */
export function useBootstrap({ enabled }: { enabled: boolean }) {
  return useQuery({ ...bootstrapQueryOptions(), enabled });
}
