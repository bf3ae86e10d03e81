import { formatCount } from './money.ts';

/** A session limit (per plugin, per user): 0 means no limit (spec §9); others with thousands separators. */
export function sessionLimitLabel(limit: number): string {
  return limit === 0 ? 'Unlimited' : formatCount(limit);
}
