import { moveAccountRows } from '@ember/db/account-rows';
import { votes } from '@ember/db/schema/votes';
import { sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';
import { lockVotesOfUser } from './votes.repository.ts';

// The votes' part of an admin's account transfer (docs/decisions/0029-account-transfer.md); the
// users module runs it inside the transfer's transaction.

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export const votesAccountTransfer = {
  /** Both users' vote locks, ascending id: a vote takes its lock before touching subscriptions. */
  async lock(tx: HandedDb, fromUserId: number, toUserId: number): Promise<void> {
    for (const id of [fromUserId, toUserId].sort((a, b) => a - b)) await lockVotesOfUser(tx, id);
  },

  /**
   * Votes move as history, so the target's cooldown counts them too. One vote per user per window
   * (ADR 0013) also means one running extra-sessions grant: a moved vote whose grant still runs
   * while the target has a running grant of its own ends now, so the target never holds two at once.
   * Both users' vote locks are held already (lock above).
   */
  async move(tx: HandedDb, fromUserId: number, toUserId: number, now: Date): Promise<number> {
    await tx.execute(sql`
    update ${votes} set extra_sessions_until = ${at(now)}
    where user_id = ${fromUserId}::int and extra_sessions_until > ${at(now)}
      and exists (select 1 from ${votes} mine where mine.user_id = ${toUserId}::int and mine.extra_sessions_until > ${at(now)})`);
    return moveAccountRows(tx, votes, votes.userId, fromUserId, toUserId);
  },
};
