import { PSEUDO_PLUGIN_NAMES } from '@ember/contracts/constants';
import { type EntitledPlugin, entitledPlugins } from '../subscriptions/index.ts';
import { extraSessionsOf } from '../votes/index.ts';
import type { HandedDb } from './db.ts';

/** 0 means unlimited, as a plugin link's sessionLimit. */
export const UNLIMITED = 0;
const FREE_CLIENT_SESSIONS = 1;

export const isPseudoPlugin = (pluginId: number) => PSEUDO_PLUGIN_NAMES[pluginId] !== undefined;

/** What the limits need of a plugin the user is entitled to now (subscriptions' entitlements). */
export type SessionEntitlement = Pick<
  EntitledPlugin,
  'pluginId' | 'name' | 'sessionLimit' | 'ownPlan' | 'changesAt'
>;

/** What decides a user's session limits at one moment. */
export interface LimitContext {
  vip: boolean;
  /** Extra sessions from recorded votes, added to every limit that is not unlimited. */
  extra: number;
  entitled: ReadonlyMap<number, SessionEntitlement>;
  /**
   * Until when this context holds without a write (VIP ending, a vote running out, a subscription
   * expiring: what time alone changes); null: nothing time-bound. Every write that can change it
   * moves the user's limit generation instead.
   */
  holdsUntil: Date | null;
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

const earliest = (dates: (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((first, date) => (date && (!first || date < first) ? date : first), null);

/**
 * The limits of a user's game-client sessions: entitlements from subscriptions, extra sessions from
 * votes, VIP from the caller's read of the account (all modules below this one).
 */
export function createSessionLimits(deps: { timeoutSeconds: number }) {
  return {
    timeoutSeconds: deps.timeoutSeconds,
    /** Sessions with a heartbeat after this are running. */
    liveSince: (now: Date) => new Date(now.getTime() - deps.timeoutSeconds * 1000),
    /**
     * `forPlugin`: the limits of one plugin only (holdsUntil then covers that plugin alone). For the
     * client's pseudo ids the entitlements are not read: a client session needs only VIP and votes.
     */
    async contextOf(
      db: HandedDb,
      userId: number,
      now: Date,
      vipUntil: Date | null,
      forPlugin?: number,
    ): Promise<LimitContext> {
      const needsEntitlements = forPlugin === undefined || !isPseudoPlugin(forPlugin);
      const vip = vipUntil !== null && vipUntil > now;
      // A VIP's client sessions are unlimited whatever the votes say.
      const needsVotes = !(vip && forPlugin !== undefined && isPseudoPlugin(forPlugin));
      const [entitled, votes] = await Promise.all([
        needsEntitlements ? entitledPlugins(db, userId, now) : [],
        needsVotes ? extraSessionsOf(db, userId, now) : { extra: 0, changesAt: null },
      ]);
      const relevant = forPlugin === undefined ? entitled : entitled.filter((p) => p.pluginId === forPlugin);
      return {
        vip,
        extra: votes.extra,
        entitled: new Map(entitled.map((plugin) => [plugin.pluginId, plugin])),
        holdsUntil: earliest([vip ? vipUntil : null, votes.changesAt, ...relevant.map((p) => p.changesAt)]),
      };
    },
  };
}

export type SessionLimits = ReturnType<typeof createSessionLimits>;
