import { randomUUID } from 'node:crypto';
import {
  type ClientSessionOpenedResponse,
  type ClientSessionResponse,
  notEntitledMessage,
  SESSION_ENDED_MESSAGE,
  sessionLimitMessage,
  UNKNOWN_PLUGIN_MESSAGE,
} from '@ember/contracts/client-sessions';
import type { Db } from '@ember/db/types';
import { type AppError, Forbidden, NotFound, Unauthorized } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { findPluginName } from '../delivery/index.ts';
import { maxSessionsFor, pluginNameIn, type SessionLimits, UNLIMITED } from './client-session-limits.ts';
import {
  countLiveSessions,
  deleteSessionOf,
  deleteStaleSessions,
  findLiveSessionIds,
  findLiveSessionsOf,
  findSessionOf,
  insertSession,
  lockUserForSessions,
  touchSession,
} from './client-sessions.repository.ts';
import { recordSessionLog, touchSessionLogs } from './session-logs.repository.ts';

export const HEARTBEAT_SECONDS = 30;

/** A refusal decided inside the transaction, thrown after it commits so its session-log row stays. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

async function settle<T>(outcome: Promise<Outcome<T>>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw result.error;
  return result.value;
}

/**
 * Game-client sessions (docs/client-api.md §4). Every open and heartbeat runs in one transaction
 * under the user's row lock, counts the running sessions there and decides against the limits of
 * this moment, so limits hold across processes and concurrent calls, and any change (pause, expiry,
 * refund, VIP, disabled link, votes) applies on the next call.
 */
export function createClientSessions(deps: { db: Db; clock: () => Date; limits: SessionLimits }) {
  const { db, clock, limits } = deps;

  async function lockUser(tx: Db, userId: number) {
    const user = await lockUserForSessions(tx, userId);
    if (!user) throw new Unauthorized();
    return user;
  }

  async function refusalFor(tx: Db, pluginId: number): Promise<AppError> {
    const name = await findPluginName(tx, pluginId);
    return name === null ? new NotFound(UNKNOWN_PLUGIN_MESSAGE) : new Forbidden(notEntitledMessage(name));
  }

  return {
    open(principal: Principal, pluginId: number): Promise<ClientSessionOpenedResponse> {
      authorize(principal, 'client-session:open', { userId: principal.userId });
      const userId = principal.userId;
      return settle(
        db.transaction(async (tx): Promise<Outcome<ClientSessionOpenedResponse>> => {
          const now = clock();
          const user = await lockUser(tx, userId);
          const context = await limits.contextOf(tx, userId, now, user.vipUntil, pluginId);
          const max = maxSessionsFor(context, pluginId);
          const pluginName = pluginNameIn(context, pluginId);
          if (max === null || pluginName === undefined)
            return { ok: false, error: await refusalFor(tx, pluginId) };
          const sessionId = randomUUID();
          const running = await countLiveSessions(tx, userId, pluginId, limits.liveSince(now));
          const exceeded = max !== UNLIMITED && running >= max;
          await recordSessionLog(tx, {
            sessionId,
            userId,
            pluginId,
            pluginName,
            startedAt: now,
            lastUpdate: now,
            exceeded,
          });
          if (exceeded) {
            return { ok: false, error: new Forbidden(sessionLimitMessage(pluginName, running, max)) };
          }
          await insertSession(tx, { id: sessionId, userId, pluginId, pluginName, now });
          return {
            ok: true,
            value: {
              sessionId,
              pluginId,
              pluginName,
              heartbeatSeconds: HEARTBEAT_SECONDS,
              timeoutSeconds: limits.timeoutSeconds,
            },
          };
        }),
      );
    },

    heartbeat(principal: Principal, sessionId: string): Promise<{ sessionId: string; lastUpdate: string }> {
      authorize(principal, 'client-session:heartbeat', { userId: principal.userId });
      const userId = principal.userId;
      return settle(
        db.transaction(async (tx) => {
          const now = clock();
          const user = await lockUser(tx, userId);
          const session = await findSessionOf(tx, userId, sessionId);
          const since = limits.liveSince(now);
          if (!session || session.lastUpdate <= since) {
            if (session) await deleteSessionOf(tx, userId, sessionId);
            return { ok: false as const, error: new NotFound(SESSION_ENDED_MESSAGE) };
          }
          const { pluginId, pluginName } = session;
          const context = await limits.contextOf(tx, userId, now, user.vipUntil, pluginId);
          const max = maxSessionsFor(context, pluginId);
          let refusal: AppError | null = null;
          if (max === null) {
            refusal = new Forbidden(notEntitledMessage(pluginName));
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
            return { ok: false as const, error: refusal };
          }
          // The session's one log row only moves its last update (decision 0036).
          await touchSessionLogs(tx, [{ sessionId, startedAt: session.createdAt, lastUpdate: now }]);
          await touchSession(tx, sessionId, now);
          return { ok: true as const, value: { sessionId, lastUpdate: now.toISOString() } };
        }),
      );
    },

    async close(principal: Principal, sessionId: string): Promise<void> {
      authorize(principal, 'client-session:close', { userId: principal.userId });
      await deleteSessionOf(db, principal.userId, sessionId);
    },

    async list(principal: Principal): Promise<ClientSessionResponse[]> {
      authorize(principal, 'client-session:read', { userId: principal.userId });
      const rows = await findLiveSessionsOf(db, principal.userId, limits.liveSince(clock()));
      return rows.map((row) => ({
        sessionId: row.id,
        pluginId: row.pluginId,
        pluginName: row.pluginName,
        createdAt: row.createdAt.toISOString(),
        lastUpdate: row.lastUpdate.toISOString(),
      }));
    },

    /** The recurring sweep: sessions past the timeout are deleted (they no longer count anyway). */
    deleteStale(): Promise<number> {
      return deleteStaleSessions(db, limits.liveSince(clock()));
    },
  };
}

export type ClientSessions = ReturnType<typeof createClientSessions>;
