import { PSEUDO_PLUGIN_NAMES } from '@ember/contracts/constants';
import type { SessionSummary } from '@ember/contracts/sessions';
import { NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { findVipUntil } from '../users/index.ts';
import { maxSessionsFor, type SessionLimits, UNLIMITED } from './client-session-limits.ts';
import type { Db } from './db.ts';
import { countLiveSessionsOfUser, deleteSessionsOfUser } from './sessions.repository.ts';

const CLIENT_PLUGIN_ID = 0;

/** Order of the account's session table: the client kinds, the product's own plans, then the rest. */
const Rank = { Client: 0, OwnPlan: 1, Other: 2 } as const;

type Ranked = { rank: number; pluginName: string; pluginId: number };

const byRankThenName = (a: Ranked, b: Ranked) =>
  a.rank - b.rank ||
  (a.rank === Rank.Client ? 0 : a.pluginName.localeCompare(b.pluginName)) ||
  a.pluginId - b.pluginId;

export function createSessionsService({
  db,
  clock,
  limits,
}: {
  db: Db;
  clock: () => Date;
  /** The same limits and timeout the client API enforces (client-session-limits.ts). */
  limits: SessionLimits;
}) {
  return {
    /** "Reset sessions": ends every game-client session of the caller, freeing their session slots. */
    resetOwnSessions(principal: Principal) {
      authorize(principal, 'session:delete', { userId: principal.userId });
      return deleteSessionsOfUser(db, principal.userId);
    },

    /**
     * Running sessions against the allowed maximum, per plugin: the client itself (free: 1, VIP:
     * unlimited) first, then every plugin the user is entitled to or has a session of. Spec §4: the
     * plugins of the product's own plans come before the rest (each group by name).
     */
    async summaryOf(principal: Principal, userId: number): Promise<SessionSummary[]> {
      authorize(principal, 'session:read', { userId });
      const now = clock();
      const vipUntil = await findVipUntil(db, userId);
      if (vipUntil === undefined) throw new NotFound('No such user.');
      const [live, context] = await Promise.all([
        countLiveSessionsOfUser(db, userId, limits.liveSince(now)),
        limits.contextOf(db, userId, now, vipUntil),
      ]);
      const clientMax = maxSessionsFor(context, CLIENT_PLUGIN_ID) ?? UNLIMITED;
      const rows = new Map<number, SessionSummary & Ranked>();
      rows.set(CLIENT_PLUGIN_ID, {
        pluginId: CLIENT_PLUGIN_ID,
        pluginName: PSEUDO_PLUGIN_NAMES[CLIENT_PLUGIN_ID] ?? 'Client',
        active: 0,
        max: clientMax,
        rank: Rank.Client,
      });
      for (const plugin of context.entitled.values()) {
        rows.set(plugin.pluginId, {
          pluginId: plugin.pluginId,
          pluginName: plugin.name,
          active: 0,
          max: maxSessionsFor(context, plugin.pluginId) ?? UNLIMITED,
          rank: plugin.ownPlan ? Rank.OwnPlan : Rank.Other,
        });
      }
      for (const session of live) {
        const row = rows.get(session.pluginId);
        const pseudo = PSEUDO_PLUGIN_NAMES[session.pluginId] !== undefined;
        rows.set(session.pluginId, {
          pluginId: session.pluginId,
          pluginName: row?.pluginName ?? session.pluginName,
          active: session.active,
          max: row?.max ?? maxSessionsFor(context, session.pluginId) ?? UNLIMITED,
          rank: row?.rank ?? (pseudo ? Rank.Client : Rank.Other),
        });
      }
      return [...rows.values()].sort(byRankThenName).map(({ rank: _rank, ...row }) => row);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
