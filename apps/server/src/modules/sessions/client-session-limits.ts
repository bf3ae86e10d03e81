import { PSEUDO_PLUGIN_NAMES } from '@ember/contracts/constants';
import type { Db } from '@ember/db/types';

/** 0 means unlimited, as a plugin link's sessionLimit. */
export const UNLIMITED = 0;
const FREE_CLIENT_SESSIONS = 1;

export const isPseudoPlugin = (pluginId: number) => PSEUDO_PLUGIN_NAMES[pluginId] !== undefined;

/**
 * What the limits need of a plugin the user is entitled to now (the client API's entitlements,
 * modules/client-api/entitlements.repository.ts, wired in app.ts).
 */
export interface SessionEntitlement {
  pluginId: number;
  name: string;
  /** The most generous session limit among the links granting it; 0 = unlimited. */
  sessionLimit: number;
  /** Granted through a plan of the product's own account (the account's session table lists those first). */
  ownPlan: boolean;
}

/** What decides a user's session limits at one moment. */
export interface LimitContext {
  vip: boolean;
  /** Extra sessions from recorded votes, added to every limit that is not unlimited. */
  extra: number;
  entitled: ReadonlyMap<number, SessionEntitlement>;
}

/**
 * The one rule for how many sessions of a plugin may run (DESIGN §4, docs/client-api.md §4): the
 * client (pseudo ids) 1 for free accounts and unlimited for VIP; a plugin the link's session limit,
 * only while entitled; votes add to both unless unlimited. null: not entitled, no session at all.
 */
export function maxSessionsFor(context: LimitContext, pluginId: number): number | null {
  if (isPseudoPlugin(pluginId)) return context.vip ? UNLIMITED : FREE_CLIENT_SESSIONS + context.extra;
  const plugin = context.entitled.get(pluginId);
  if (!plugin) return null;
  return plugin.sessionLimit === UNLIMITED ? UNLIMITED : plugin.sessionLimit + context.extra;
}

/** The name a session of this plugin shows: the pseudo plugin's, or the entitled plugin's. */
export const pluginNameIn = (context: LimitContext, pluginId: number) =>
  PSEUDO_PLUGIN_NAMES[pluginId] ?? context.entitled.get(pluginId)?.name;

type Query<T> = (db: Db, userId: number, now: Date) => Promise<T>;

/**
 * Loads a user's limit context. The queries come from the modules owning the tables (entitlements
 * from the client API, vote rewards from votes), wired in app.ts.
 */
export function createSessionLimits(deps: {
  entitledPlugins: Query<SessionEntitlement[]>;
  extraSessions: Query<number>;
  timeoutSeconds: number;
}) {
  return {
    timeoutSeconds: deps.timeoutSeconds,
    /** Sessions with a heartbeat after this are running. */
    liveSince: (now: Date) => new Date(now.getTime() - deps.timeoutSeconds * 1000),
    /**
     * `forPlugin`: the limits of one plugin only. For the client's pseudo ids the entitlements are
     * not read: a client heartbeat, the commonest call, needs only VIP and votes.
     */
    async contextOf(
      db: Db,
      userId: number,
      now: Date,
      vipUntil: Date | null,
      forPlugin?: number,
    ): Promise<LimitContext> {
      const needsEntitlements = forPlugin === undefined || !isPseudoPlugin(forPlugin);
      const [entitled, extra] = await Promise.all([
        needsEntitlements ? deps.entitledPlugins(db, userId, now) : [],
        deps.extraSessions(db, userId, now),
      ]);
      return {
        vip: vipUntil !== null && vipUntil > now,
        extra,
        entitled: new Map(entitled.map((plugin) => [plugin.pluginId, plugin])),
      };
    },
  };
}

export type SessionLimits = ReturnType<typeof createSessionLimits>;
