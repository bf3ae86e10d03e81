import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDocument } from '../../../lib/api-client.ts';
import { documentKeys } from '../../../lib/query-keys/documents.ts';

/** Static markdown documents served by the server (spec §7, no auth). */
export const DOCUMENT_PATHS = {
  terms: '/TOS.md',
  privacy: '/PrivacyPolicy.md',
  faq: '/FAQ.md',
  vip: '/VIP.md',
} as const;

export type DocumentPath = (typeof DOCUMENT_PATHS)[keyof typeof DOCUMENT_PATHS];

export function getDocument(path: DocumentPath): Promise<string> {
  return fetchDocument(path);
}

export function documentQueryOptions(path: DocumentPath) {
  return queryOptions({
    queryKey: documentKeys.one(path),
    queryFn: () => getDocument(path),
    staleTime: 5 * 60_000,
  });
}

export function useDocument(path: DocumentPath) {
  return useQuery(documentQueryOptions(path));
}
