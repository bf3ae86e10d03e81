import { type LabelResponse, labelsResponse } from '@ember/contracts/catalog';
import { PLAN_LABELS } from '@ember/contracts/labels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { labelKeys } from '../../../lib/query-keys/labels.ts';

/** GET shop /labels: the 28 skill labels in their fixed order. */
export function getLabels(): Promise<LabelResponse[]> {
  return apiFetch('shop', '/labels', labelsResponse);
}

/** The fixed list of the contracts, shown while the server's answer is on its way. */
const KNOWN_LABELS: LabelResponse[] = PLAN_LABELS.map((label) => ({ ...label }));

export function labelsQueryOptions() {
  return queryOptions({ queryKey: labelKeys.all, queryFn: getLabels, staleTime: 60 * 60_000 });
}

export function useLabels() {
  return useQuery({ ...labelsQueryOptions(), placeholderData: KNOWN_LABELS });
}
