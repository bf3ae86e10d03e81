import { z } from './zod.ts';

// Suggestions as one types in the shop's search (issue 35 item 3, decision 0063).

export const SUGGESTION_QUERY_MAX_LENGTH = 100;
export const PLAN_SUGGESTIONS_LIMIT = 6;
export const DEVELOPER_SUGGESTIONS_LIMIT = 3;
export const SUGGESTION_QUERY_MESSAGE = `Type 1 to ${SUGGESTION_QUERY_MAX_LENGTH} characters to get suggestions.`;

/** GET /plans/suggestions?q=: `q` is matched against the start of every word of the names. */
export const suggestionsQuery = z.object({
  q: z
    .string({ error: SUGGESTION_QUERY_MESSAGE })
    .trim()
    .min(1, SUGGESTION_QUERY_MESSAGE)
    .max(SUGGESTION_QUERY_MAX_LENGTH, SUGGESTION_QUERY_MESSAGE),
});

const suggestion = z.object({ id: z.number().int(), name: z.string() });

export const suggestionsResponse = z.object({
  /** Plans on sale, at most PLAN_SUGGESTIONS_LIMIT. */
  plans: z.array(suggestion),
  /** Developers with plans on sale, at most DEVELOPER_SUGGESTIONS_LIMIT. */
  developers: z.array(suggestion),
});
export type Suggestions = z.infer<typeof suggestionsResponse>;

/** The lower-cased start of every word of `name` (a word starts after a space, a dash, a dot, a slash, an underscore or a colon). */
export function wordStartsOf(name: string): string[] {
  const lower = name.toLowerCase();
  const starts: string[] = [];
  for (let at = 0; at < lower.length; at++) {
    const before = at === 0 ? ' ' : (lower[at - 1] as string);
    if (/[\s\-./_:]/.test(before) && !/[\s\-./_:]/.test(lower[at] as string)) starts.push(lower.slice(at));
  }
  return starts;
}
