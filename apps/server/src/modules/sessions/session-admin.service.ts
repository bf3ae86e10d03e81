import {
  type EndedSessionsResponse,
  SESSION_DELETED_MESSAGE,
  SESSION_DISCONNECTED_MESSAGE,
  SESSION_KILLED_MESSAGE,
  SESSIONS_CLEARED_MESSAGE,
  SESSIONS_FLUSHED_MESSAGE,
} from '@ember/contracts/sessions';
import { NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { findVipUntil } from '../users/index.ts';
import type { Db } from './db.ts';
import { deleteAllSessions, deleteSession, findSession } from './session-admin.repository.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';

/**
 * How a single session is ended. All three end it at once (the client's next heartbeat gets 404 and
 * it must open a new one); they differ in who may do it and in what the audit trail says (decision 0027).
 */
export const SESSION_ENDINGS = {
  delete: { action: 'session:delete', message: SESSION_DELETED_MESSAGE },
  kill: { action: 'session:kill', message: SESSION_KILLED_MESSAGE },
  disconnect: { action: 'session:disconnect', message: SESSION_DISCONNECTED_MESSAGE },
} as const;

export type SessionEnding = keyof typeof SESSION_ENDINGS;

const SESSION_GONE = 'No running session has this id: it has already ended.';

/** Staff and admin session calls (spec §7 Sessions): end one session, a user's, or everyone's. */
export function createSessionAdminService({ db }: { db: Db }) {
  return {
    async endSession(caller: Caller, id: string, how: SessionEnding): Promise<EndedSessionsResponse> {
      const { action, message } = SESSION_ENDINGS[how];
      return db.transaction(async (tx) => {
        const session = await findSession(tx, id);
        if (!session) throw new NotFound(SESSION_GONE);
        const whose = { userId: session.userId };
        const role = authorize(caller, action, whose);
        const ended = await deleteSession(tx, id);
        if (!ended) throw new NotFound(SESSION_GONE);
        if (isStaffAction(caller, role, whose)) {
          await recordAudit(tx, actorOf(caller, role), {
            action,
            target: { kind: 'SESSION', id },
            before: {
              userId: ended.userId,
              pluginId: ended.pluginId,
              pluginName: ended.pluginName,
              lastUpdate: ended.lastUpdate.toISOString(),
            },
            after: null,
          });
        }
        return { message, ended: 1 };
      });
    },

    /** DELETE /sessions/by-user/{id}: every session of one account (the account itself, or an admin). */
    async endSessionsOf(caller: Caller, userId: number): Promise<EndedSessionsResponse> {
      const whose = { userId };
      const role = authorize(caller, 'session:delete', whose);
      return db.transaction(async (tx) => {
        if ((await findVipUntil(tx, userId)) === undefined) throw new NotFound('No such user.');
        const ended = await deleteSessionsOfUser(tx, userId);
        if (!isStaffAction(caller, role, whose)) return { message: SESSIONS_CLEARED_MESSAGE, ended };
        await recordAudit(tx, actorOf(caller, role), {
          action: 'session:delete',
          target: { kind: 'USER', id: userId },
          before: { sessions: ended },
          after: { sessions: 0 },
        });
        // Issue 20: the admin panel's "delete all" of one user's session records says
        // 'Database flushed!'; the store-wide "clear all sessions" control says 'Sessions cleared!'.
        return { message: SESSIONS_FLUSHED_MESSAGE, ended };
      });
    },

    /** DELETE /sessions/flush: every session of every account (admins). */
    async flush(caller: Caller): Promise<EndedSessionsResponse> {
      const role = authorize(caller, 'session:clear-all');
      return db.transaction(async (tx) => {
        const ended = await deleteAllSessions(tx);
        await recordAudit(tx, actorOf(caller, role), {
          action: 'session:clear-all',
          target: { kind: 'SESSION', id: 'all' },
          before: { sessions: ended },
          after: { sessions: 0 },
        });
        return { message: SESSIONS_CLEARED_MESSAGE, ended };
      });
    },
  };
}

export type SessionAdminService = ReturnType<typeof createSessionAdminService>;
