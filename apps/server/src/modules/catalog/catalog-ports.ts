import type { PluginShowcase } from '@ember/contracts/plugin-showcase';
import type { HandedDb } from './db.ts';

// What the catalog shows of modules above it on the ladder (subscriptions, delivery): app.ts hands
// in their functions (decision 0035), so the catalog reads none of their tables.

/**
 * Each plan's active subscriptions at the timestamptz parameter `now` (for example '$1'), as rows
 * (plan_id, active) to join in a hand-written statement: a page sorted by popularity stays one
 * statement. Plans without any have no row.
 */
export type ActiveSubscriptionCountsSql = (now: string) => string;

/** Active subscriptions per plan id at `now` (plans without any are left out). */
export type ActiveSubscriptionCounts = (db: HandedDb, now: Date) => Promise<ReadonlyMap<number, number>>;

/** How popular the plans are: the same counts read whole (the search index) or joined (the statements). */
export interface PlanPopularity {
  activeSubscriptionCounts: ActiveSubscriptionCounts;
  activeSubscriptionCountsSql: ActiveSubscriptionCountsSql;
}

/** Active subscriptions of one price at `now` (the delete guard of a price). */
export type ActiveSubscriptionsOfPrice = (db: HandedDb, priceId: number, now: Date) => Promise<number>;

/** Per price: its active subscriptions and when the next running one ends (prices without any are left out). */
export type ActiveSubscriptionStats = (
  db: HandedDb,
  priceIds: number[],
  now: Date,
) => Promise<{ priceId: number; subCount: number; nextExpiry: Date | string | null }[]>;

/** Whether any subscription, running or past, was ever sold or gifted of the plan. */
export type PlanHasSubscriptions = (db: HandedDb, planId: number) => Promise<boolean>;

/** What the catalog counts of subscriptions, handed in whole by app.ts. */
export interface SubscriptionCounts extends PlanPopularity {
  activeSubscriptionsOfPrice: ActiveSubscriptionsOfPrice;
  activeSubscriptionStats: ActiveSubscriptionStats;
  planHasSubscriptions: PlanHasSubscriptions;
}

/** The plugins each price grants, for many prices in one query, by plugin name. */
export type IncludedPlugins = (
  db: HandedDb,
  priceIds: number[],
) => Promise<
  {
    priceId: number;
    id: number;
    pluginId: number;
    name: string;
    description: string;
    sessionLimit: number;
    /** Delivered as the store obfuscated it (SOX), signed by the store's role, not its developer. */
    obfuscatedByStore: boolean;
  }[]
>;

/** What a buyer judges each plugin by (version, last update, changelog, screenshots), in a fixed number of statements. */
export type PluginShowcases = (db: HandedDb, pluginIds: number[]) => Promise<PluginShowcase[]>;

/** When each version of the plugins these prices grant was published (a developer page's update rhythm). */
export type VersionDatesOfPrices = (
  db: HandedDb,
  priceIds: number[],
) => Promise<{ pluginId: number; publishedAt: Date | string }[]>;
