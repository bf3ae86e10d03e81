import { SUGGESTION_QUERY_MAX_LENGTH, suggestionsResponse } from '@ember/contracts/shop-suggestions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/query-keys/plans.ts';

/** Typing pauses this long before suggestions are asked for (shorter than the search itself). */
export const SUGGESTIONS_DEBOUNCE_MS = 150;

/**
 * GET shop /plans/suggestions?q= (public) for the text being typed: asked once typing pauses, and a
 * request whose text was typed over is cancelled (TanStack Query aborts the signal of a query no
 * one observes any more). Nothing is asked for an empty text.
 */
export function useSuggestions(text: string, enabled: boolean) {
  const typed = useDebouncedValue(
    text.trim().toLowerCase().slice(0, SUGGESTION_QUERY_MAX_LENGTH),
    SUGGESTIONS_DEBOUNCE_MS,
  );
  return useQuery({
    queryKey: planKeys.suggestions(typed),
    queryFn: ({ signal }) =>
      apiFetch('shop', '/plans/suggestions', suggestionsResponse, { query: { q: typed }, signal }),
    enabled: enabled && typed.length > 0,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
