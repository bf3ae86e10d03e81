import { payouts } from '@ember/db/schema/payouts';
import { eq, inArray } from 'drizzle-orm';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

/**
 * Who each payout pays, by payout id, in one query (the audit trail's 'Confirmed payout #6 to
 * Ironbark'): the display name, else the username. Missing ids are absent.
 */
export async function findPayeeNames(
  db: HandedDb,
  payoutIds: readonly number[],
): Promise<Map<number, string>> {
  if (payoutIds.length === 0) return new Map();
  const rows = await db
    .select({ id: payouts.id, username: userProfiles.username, displayName: userProfiles.displayName })
    .from(payouts)
    .innerJoin(userProfiles, eq(userProfiles.id, payouts.userId))
    .where(inArray(payouts.id, [...payoutIds]));
  return new Map(rows.map((row) => [row.id, row.displayName || row.username]));
}
