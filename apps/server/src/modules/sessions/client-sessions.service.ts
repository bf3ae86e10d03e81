import { randomUUID } from 'node:crypto';
import {
  type ClientSessionOpenedResponse,
  type ClientSessionResponse,
  notEntitledMessage,
  pausedUntilMessage,
  SESSION_ENDED_MESSAGE,
  sessionLimitMessage,
  UNKNOWN_PLUGIN_MESSAGE,
} from '@ember/contracts/client-sessions';
import { isForeignKeyViolation } from '@ember/db/errors';
import { type AppError, Forbidden, NotFound, Unauthorized } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { findPluginName } from '../delivery/index.ts';
import { findPausedUntil } from '../subscriptions/index.ts';
import {
  isPseudoPlugin,
  type LimitContext,
  maxSessionsFor,
  pluginNameIn,
  type SessionLimits,
  UNLIMITED,
} from './client-session-limits.ts';
import {
  countLiveSessions,
  deleteSessionOf,
  deleteStaleSessions,
  findLiveSessionIds,
  findLiveSessionsOf,
  findSessionOf,
  insertOpenedSession,
  lockUserForSessions,
  touchSession,
} from './client-sessions.repository.ts';
import type { Db, HandedDb } from './db.ts';
import { type ClientStanding, createKnownSessions, type KnownSession, stillHolds } from './known-sessions.ts';
import type { LastUpdateBatcher } from './last-update-batcher.ts';
import { recordSessionLog, touchSessionLogs } from './session-logs.repository.ts';

export const HEARTBEAT_SECONDS = 30;
/**
 * However long a decision would hold, a session's limits are decided in the database again after
 * this: a safety net under the generation, not the mechanism (decision 0036).
 */
const RECHECK_AT_LEAST_EVERY_MS = 10 * 60 * 1000;
const KNOWN_SESSIONS_PER_PROCESS = 500_000;

/** A refusal decided inside the transaction, thrown after it commits so its session-log row stays. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

async function settle<T>(outcome: Promise<Outcome<T>>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw result.error;
  return result.value;
}

type HeartbeatAnswer = { sessionId: string; lastUpdate: string };

/**
 * Game-client sessions (docs/client-api.md §4). An open, and a heartbeat whose decision may have
 * changed, run in one transaction under the user's row lock, count the running sessions there and
 * decide against the limits of this moment, so limits hold across processes and concurrent calls.
 * Every write that can lower a limit moves the user's limit generation (database triggers), which
 * the client token's check reads in its one statement: a heartbeat with the generation, VIP end and
 * time bounds of its session's last decision unchanged is answered from this process's memory, and
 * its last update is written in a batch (decision 0036).
 */
export function createClientSessions(deps: {
  db: Db;
  clock: () => Date;
  limits: SessionLimits;
  batcher: LastUpdateBatcher;
}) {
  const { db, clock, limits, batcher } = deps;
  const known = createKnownSessions(KNOWN_SESSIONS_PER_PROCESS);

  async function lockUser(tx: HandedDb, userId: number) {
    const user = await lockUserForSessions(tx, userId);
    if (!user) throw new Unauthorized();
    return user;
  }

  async function refusalFor(tx: HandedDb, userId: number, pluginId: number, now: Date): Promise<AppError> {
    const name = await findPluginName(tx, pluginId);
    return name === null
      ? new NotFound(UNKNOWN_PLUGIN_MESSAGE)
      : notEntitled(tx, userId, { pluginId, name }, now);
  }

  /** Not entitled: paused says until when (its subscription comes back then), anything else says so. */
  async function notEntitled(
    tx: HandedDb,
    userId: number,
    plugin: { pluginId: number; name: string },
    now: Date,
  ): Promise<AppError> {
    const pausedUntil = await findPausedUntil(tx, userId, plugin.pluginId, now);
    return new Forbidden(
      pausedUntil ? pausedUntilMessage(plugin.name, pausedUntil) : notEntitledMessage(plugin.name),
    );
  }

  function remember(
    sessionId: string,
    session: Pick<KnownSession, 'userId' | 'pluginId' | 'pluginName' | 'startedAt' | 'generation'>,
    decision: { vipUntil: Date | null; context: LimitContext; now: Date },
  ) {
    const now = decision.now.getTime();
    const holdsUntil = Math.min(
      decision.context.holdsUntil?.getTime() ?? Number.POSITIVE_INFINITY,
      now + RECHECK_AT_LEAST_EVERY_MS,
    );
    known.remember(sessionId, {
      ...session,
      vipUntil: decision.vipUntil?.getTime() ?? null,
      holdsUntil,
      seenAt: now,
    });
  }

  function ended(sessionId: string) {
    known.forget(sessionId);
    batcher.forget(sessionId);
  }

  const openedAnswer = (sessionId: string, pluginId: number, pluginName: string) => ({
    sessionId,
    pluginId,
    pluginName,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    timeoutSeconds: limits.timeoutSeconds,
  });

  /**
   * An open whose limit needs no read and no count (a VIP's client session): no transaction, no
   * lock, one statement. `standing` is as fresh as a lock's read would be (the token's check).
   */
  async function openUncounted(
    userId: number,
    pluginId: number,
    standing: ClientStanding,
    now: Date,
  ): Promise<ClientSessionOpenedResponse> {
    const context = await limits.contextOf(db, userId, now, standing.vipUntil, pluginId);
    const pluginName = pluginNameIn(context, pluginId) ?? '';
    const sessionId = randomUUID();
    try {
      await insertOpenedSession(
        db,
        { id: sessionId, userId, pluginId, pluginName, now },
        { waitForFlush: false },
      );
    } catch (error) {
      // The account was deleted since its token's check.
      if (isForeignKeyViolation(error)) throw new Unauthorized();
      throw error;
    }
    remember(
      sessionId,
      { userId, pluginId, pluginName, startedAt: now, generation: standing.limitGeneration },
      { vipUntil: standing.vipUntil, context, now },
    );
    return openedAnswer(sessionId, pluginId, pluginName);
  }

  /** The heartbeat decided in the database: the session re-read and its limits counted under the user's lock. */
  function decideHeartbeat(userId: number, sessionId: string, generation: number): Promise<HeartbeatAnswer> {
    return settle(
      db.transaction(async (tx): Promise<Outcome<HeartbeatAnswer>> => {
        const now = clock();
        const user = await lockUser(tx, userId);
        const session = await findSessionOf(tx, userId, sessionId);
        const since = limits.liveSince(now);
        // This process may hold a newer heartbeat of it than the database (a batch not yet written).
        const lastUpdate = Math.max(
          session?.lastUpdate.getTime() ?? 0,
          batcher.pendingOf(sessionId)?.getTime() ?? 0,
        );
        if (!session || lastUpdate <= since.getTime()) {
          if (session) await deleteSessionOf(tx, userId, sessionId);
          ended(sessionId);
          return { ok: false, error: new NotFound(SESSION_ENDED_MESSAGE) };
        }
        const { pluginId, pluginName } = session;
        const context = await limits.contextOf(tx, userId, now, user.vipUntil, pluginId);
        const max = maxSessionsFor(context, pluginId);
        let refusal: AppError | null = null;
        if (max === null) {
          refusal = await notEntitled(tx, userId, { pluginId, name: pluginName }, now);
        } else if (max !== UNLIMITED) {
          const live = await findLiveSessionIds(tx, userId, pluginId, since);
          // Over the limit, the oldest sessions keep running and the newest are ended.
          if (live.findIndex((row) => row.id === sessionId) >= max) {
            refusal = new Forbidden(sessionLimitMessage(pluginName, live.length, max));
          }
        }
        if (refusal) {
          await recordSessionLog(tx, {
            sessionId,
            userId,
            pluginId,
            pluginName,
            startedAt: session.createdAt,
            lastUpdate: now,
            exceeded: true,
          });
          await deleteSessionOf(tx, userId, sessionId);
          ended(sessionId);
          return { ok: false, error: refusal };
        }
        await touchSession(tx, sessionId, now);
        // The session's one log row only moves its last update (decision 0037).
        await touchSessionLogs(tx, [{ sessionId, startedAt: session.createdAt, lastUpdate: now }]);
        remember(
          sessionId,
          { userId, pluginId, pluginName, startedAt: session.createdAt, generation },
          { vipUntil: user.vipUntil, context, now },
        );
        return { ok: true, value: { sessionId, lastUpdate: now.toISOString() } };
      }),
    );
  }

  return {
    /**
     * `standing`: the account as the client token's check read it, before this decision; a change
     * committed in between has moved the generation past the one remembered, so the session's next
     * heartbeat is decided again.
     */
    open(
      principal: Principal,
      pluginId: number,
      standing: ClientStanding,
    ): Promise<ClientSessionOpenedResponse> {
      authorize(principal, 'client-session:open', { userId: principal.userId });
      const userId = principal.userId;
      const generation = standing.limitGeneration;
      const at = clock();
      // A VIP's client sessions are unlimited: nothing to count, so nothing to lock (decision 0044).
      if (isPseudoPlugin(pluginId) && standing.vipUntil !== null && standing.vipUntil > at) {
        return openUncounted(userId, pluginId, standing, at);
      }
      return settle(
        db.transaction(async (tx): Promise<Outcome<ClientSessionOpenedResponse>> => {
          const now = clock();
          const user = await lockUser(tx, userId);
          const context = await limits.contextOf(tx, userId, now, user.vipUntil, pluginId);
          const max = maxSessionsFor(context, pluginId);
          const pluginName = pluginNameIn(context, pluginId);
          if (max === null || pluginName === undefined)
            return { ok: false, error: await refusalFor(tx, userId, pluginId, now) };
          const sessionId = randomUUID();
          // Unlimited: nothing to count.
          const running =
            max === UNLIMITED ? 0 : await countLiveSessions(tx, userId, pluginId, limits.liveSince(now));
          if (max !== UNLIMITED && running >= max) {
            // A refused open keeps its session-log row (the id it would have had).
            await recordSessionLog(tx, {
              sessionId,
              userId,
              pluginId,
              pluginName,
              startedAt: now,
              lastUpdate: now,
              exceeded: true,
            });
            return { ok: false, error: new Forbidden(sessionLimitMessage(pluginName, running, max)) };
          }
          await insertOpenedSession(tx, { id: sessionId, userId, pluginId, pluginName, now });
          remember(
            sessionId,
            { userId, pluginId, pluginName, startedAt: now, generation },
            { vipUntil: user.vipUntil, context, now },
          );
          return { ok: true, value: openedAnswer(sessionId, pluginId, pluginName) };
        }),
      );
    },

    /**
     * `standing`: the account as the client token's check read it in the same statement. Answered
     * from memory when the session's last decision still holds; decided in the database otherwise.
     */
    heartbeat(principal: Principal, sessionId: string, standing: ClientStanding): Promise<HeartbeatAnswer> {
      authorize(principal, 'client-session:heartbeat', { userId: principal.userId });
      const now = clock();
      const session = known.get(sessionId);
      if (
        session &&
        stillHolds(session, principal.userId, standing, now.getTime(), limits.liveSince(now).getTime())
      ) {
        session.seenAt = now.getTime();
        batcher.touch({ sessionId, startedAt: session.startedAt, lastUpdate: now });
        return Promise.resolve({ sessionId, lastUpdate: now.toISOString() });
      }
      return decideHeartbeat(principal.userId, sessionId, standing.limitGeneration);
    },

    async close(principal: Principal, sessionId: string): Promise<void> {
      authorize(principal, 'client-session:close', { userId: principal.userId });
      await deleteSessionOf(db, principal.userId, sessionId);
      ended(sessionId);
    },

    async list(principal: Principal): Promise<ClientSessionResponse[]> {
      authorize(principal, 'client-session:read', { userId: principal.userId });
      const rows = await findLiveSessionsOf(db, principal.userId, limits.liveSince(clock()));
      return rows.map((row) => ({
        sessionId: row.id,
        pluginId: row.pluginId,
        pluginName: row.pluginName,
        createdAt: row.createdAt.toISOString(),
        lastUpdate: (batcher.pendingOf(row.id) ?? row.lastUpdate).toISOString(),
      }));
    },

    /** The recurring sweep: sessions past the timeout are deleted (they no longer count anyway). */
    deleteStale(): Promise<number> {
      return deleteStaleSessions(db, limits.liveSince(clock()));
    },
  };
}

export type ClientSessions = ReturnType<typeof createClientSessions>;
