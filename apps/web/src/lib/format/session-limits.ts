/** A session limit (per plugin, per user): 0 means no limit (spec §9). */
export function sessionLimitLabel(limit: number): string {
  return limit === 0 ? 'Unlimited' : String(limit);
}
