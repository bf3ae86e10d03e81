/**
 * The TanStack Query keys of the web app live in this folder, one factory per resource, one file
 * each (so the app shell loads only the few it uses). A resource has one key wherever it is read:
 * the developer workspace and the shop read a plan under `planKeys.detail(id)`, so a developer's
 * edit refreshes the public plan page at once (issue 23, item 7). Each factory's `all` is the
 * prefix of every key of its resource: a mutation invalidates by it without knowing which lists,
 * pages or filters are cached. Features may not import each other, so the keys live in lib.
 */

/** The shop list's filters, as the list keys them. */
export interface PlanListKey {
  name: string;
  labelIds: readonly number[];
  developers: readonly string[];
  minRating: number | null;
  price: string | null;
  sort: string;
  page: number;
  size: number;
}

/** Plans: the shop list, one plan, the caller's own plans, the developer filter's owners. */
export const planKeys = {
  all: ['plans'] as const,
  list: (filters: PlanListKey) => ['plans', 'list', filters] as const,
  detail: (id: number) => ['plans', 'detail', id] as const,
  mine: () => ['plans', 'mine'] as const,
  developers: () => ['plans', 'developers'] as const,
  /** A developer's public page: their plans on sale, so under `all` a plan edit refreshes it too. */
  developerProfile: (id: number) => ['plans', 'developer-profile', id] as const,
  /** The shop search's suggestions for the typed text (lower-cased). */
  suggestions: (text: string) => ['plans', 'suggestions', text] as const,
};
