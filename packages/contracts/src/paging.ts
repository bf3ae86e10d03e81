import { z } from './zod.ts';

/** A page of a list (spec §3 Page): the items of the requested page and how many pages the filters give. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), totalPages: z.number().int().nonnegative() });

export interface Page<T> {
  content: T[];
  totalPages: number;
}

/** Pages needed for `totalItems` at `size` per page; an empty list has 0 pages. */
export const totalPagesOf = (totalItems: number, size: number): number => Math.ceil(totalItems / size);

/** The last page anyone can ask for: page × size stays far inside what an SQL OFFSET holds. */
export const MAX_PAGE_NUMBER = 1_000_000;

/** Pages are numbered from 0 (spec §2 Shop). */
export const pageNumberParam = z.coerce
  .number({ error: 'The page must be a whole number, 0 or more.' })
  .int('The page must be a whole number, 0 or more.')
  .min(0, 'The page must be a whole number, 0 or more.')
  .max(MAX_PAGE_NUMBER, `The page can be at most ${MAX_PAGE_NUMBER}.`)
  .default(0);

export function pageSizeParam(defaultSize: number, maxSize: number) {
  const message = `The page size must be a whole number from 1 to ${maxSize}.`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(maxSize, message)
    .default(defaultSize);
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface Sort<K extends string> {
  key: K;
  order: SortOrder;
}

/**
 * `sort=key,order` (spec §7) limited to an allow-list of keys, so a sort can never reach an
 * unindexed or private column. The order is optional (ascending) and case-insensitive.
 */
export function sortParam<const K extends string>(keys: readonly [K, ...K[]], fallback: Sort<K>) {
  return z
    .string({ error: 'The sort must look like key,order.' })
    .optional()
    .transform((value, ctx): Sort<K> => {
      if (value === undefined || value.trim() === '') return fallback;
      const [rawKey = '', rawOrder = 'asc', ...extra] = value.split(',').map((part) => part.trim());
      const key = keys.find((candidate) => candidate === rawKey);
      if (!key) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `Cannot sort by '${rawKey}'. Sort by one of: ${keys.join(', ')}.`,
        });
        return z.NEVER;
      }
      const order = rawOrder.toLowerCase();
      if (extra.length > 0 || (order !== 'asc' && order !== 'desc')) {
        ctx.issues.push({ code: 'custom', input: value, message: 'The sort order must be asc or desc.' });
        return z.NEVER;
      }
      return { key, order };
    });
}

/**
 * A list in the query string, sent either comma-separated (`ids=1,2`) or repeated (`ids=1&ids=2`);
 * blank parts are ignored.
 */
export function queryList<T extends z.ZodType<unknown, string>>(
  item: T,
  options: { max: number; tooMany: string },
) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).max(options.max, options.tooMany));
}
