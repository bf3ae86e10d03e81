import { appSettings } from '@ember/db/schema/settings';
import { votes } from '@ember/db/schema/votes';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

// The votes module owns `votes`; it reads its reward from the `vote_reward` row of `app_settings`.

export const VOTE_REWARD_SETTING_KEY = 'vote_reward';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Serialises the votes of one user until the transaction ends, so the cooldown check of the
 * conditional insert below sees any vote a concurrent request has just committed.
 */
export async function lockVotesOfUser(tx: HandedDb, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('votes'), ${userId}::int)`);
}

export interface NewVoteRow {
  userId: number;
  now: Date;
  rewardHours: number;
  extraSessions: number;
  extraSessionsUntil: Date | null;
}

/** Inserts the vote only when the user has no vote in the last `cooldownHours`; returns its id, or null. */
export async function insertVoteAfterCooldown(
  tx: HandedDb,
  vote: NewVoteRow,
  cooldownHours: number,
): Promise<number | null> {
  const result = (await tx.execute(sql`
    insert into ${votes} (user_id, created_at, reward_hours, extra_sessions, extra_sessions_until)
    select ${vote.userId}::int, ${at(vote.now)}, ${vote.rewardHours}::int, ${vote.extraSessions}::int,
      ${vote.extraSessionsUntil ? at(vote.extraSessionsUntil) : null}
    where not exists (
      select 1 from ${votes}
      where user_id = ${vote.userId}::int
        and created_at > ${at(vote.now)} - make_interval(hours => ${cooldownHours}::int)
    )
    returning id`)) as unknown as { rows: { id: number | string }[] };
  const row = result.rows[0];
  return row ? Number(row.id) : null;
}

export async function findLastVoteAt(db: HandedDb, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: votes.createdAt })
    .from(votes)
    .where(eq(votes.userId, userId))
    .orderBy(desc(votes.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Extra game-client sessions the user's votes grant at `now` (the client API adds them to the limit). */
export async function sumExtraSessions(db: HandedDb, userId: number, now: Date): Promise<number> {
  return (await extraSessionsOf(db, userId, now)).extra;
}

/**
 * The extra sessions a user's votes give at `now`, and when that sum next falls (the first of
 * those votes to run out; null: none runs out), in one read.
 */
export async function extraSessionsOf(
  db: HandedDb,
  userId: number,
  now: Date,
): Promise<{ extra: number; changesAt: Date | null }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${votes.extraSessions}), 0)::int`.mapWith(Number),
      changesAt: sql<string | null>`min(${votes.extraSessionsUntil})`,
    })
    .from(votes)
    .where(and(eq(votes.userId, userId), gt(votes.extraSessionsUntil, now)));
  return {
    extra: row?.total ?? 0,
    changesAt: row?.changesAt ? new Date(row.changesAt) : null,
  };
}

/** The stored reward setting as it is (validated by the caller), or undefined when none is set. */
export async function findVoteRewardSetting(db: HandedDb): Promise<unknown> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VOTE_REWARD_SETTING_KEY));
  return row?.value;
}
