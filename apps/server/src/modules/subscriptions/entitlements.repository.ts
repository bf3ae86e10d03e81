import { OWNER_ACCOUNT_ID } from '@ember/contracts/constants';
import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { prebuiltSelect } from '@ember/db/prepared';
import { and, asc, eq, not, notExists, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { planOwners } from '../catalog/index.ts';
import { pluginArtifacts, pluginGrants } from '../delivery/index.ts';
import type { HandedDb } from './db.ts';
import { subscriptionTerms, switchedOffPluginLinks } from './subscription-terms.ts';

// The one definition of "what a subscription grants now" (the manifest, downloads, client sessions
// and the account's session table all read it). One statement over the projections the subscriptions, delivery and
// catalog modules export (PostgreSQL flattens them: the plan is the one of joining their tables).

export interface EntitledPlugin {
  pluginId: number;
  name: string;
  version: string;
  /** The artifact to run; null until a repository update stored one (the manifest leaves such plugins out). */
  sha256: string | null;
  size: number | null;
  /** The artifact's TUF target path (docs/trust.md); null when it was published unsigned. */
  target: string | null;
  /** The approved jars it bundles, delivered and loaded with it (each at its TUF target). */
  dependencies: { target: string | null; sha256: string; size: number }[];
  /** The most generous session limit among the links granting it; 0 = unlimited. */
  sessionLimit: number;
  /** Granted through a plan of the product's own account (the account's session table lists those first). */
  ownPlan: boolean;
  /**
   * The first expiry among the subscriptions granting it (null: none expires): until then neither
   * the grant nor its session limit can fall without a write (which moves the user's limit generation).
   */
  changesAt: Date | null;
}

/**
 * The select of "what a subscription grants now", with placeholders `userId` and `now`: for a
 * caller that runs it inside a statement of its own (the manifest draws its version in the same
 * round trip). Only its column fields can be read from it as a subquery.
 */
export const entitledPluginsSelect = () =>
  new QueryBuilder()
    .select({
      pluginId: pluginArtifacts.id,
      name: pluginArtifacts.name,
      version: pluginArtifacts.version,
      sha256: pluginArtifacts.artifactSha256,
      size: pluginArtifacts.artifactSize,
      target: pluginArtifacts.tufTarget,
      dependencies: pluginArtifacts.dependencies,
      sessionLimit:
        sql<number>`case when bool_or(${pluginGrants.sessionLimit} = 0) then 0 else max(${pluginGrants.sessionLimit}) end`.mapWith(
          Number,
        ),
      ownPlan: sql<boolean>`bool_or(${planOwners.ownerId} = ${OWNER_ACCOUNT_ID})`.mapWith(Boolean),
      changesAt: sql<Date | null>`min(${subscriptionTerms.expireDate})`.mapWith((value: unknown) =>
        value === null ? null : new Date(value as string),
      ),
    })
    .from(subscriptionTerms)
    .innerJoin(pluginGrants, eq(pluginGrants.priceId, subscriptionTerms.priceId))
    .innerJoin(pluginArtifacts, eq(pluginArtifacts.id, pluginGrants.pluginId))
    .innerJoin(planOwners, eq(planOwners.id, subscriptionTerms.planId))
    .where(
      and(
        eq(subscriptionTerms.userId, sql.placeholder('userId')),
        // Active and not paused: a paused subscription keeps its place but grants nothing meanwhile.
        not(subscriptionTerms.paused),
        isActiveSubscription(sql`${sql.placeholder('now')}`, subscriptionTerms),
        notExists(
          new QueryBuilder()
            .select({ one: sql`1` })
            .from(switchedOffPluginLinks)
            .where(
              and(
                eq(switchedOffPluginLinks.subscriptionId, subscriptionTerms.id),
                eq(switchedOffPluginLinks.pluginLinkId, pluginGrants.id),
              ),
            ),
        ),
      ),
    )
    // A projection's columns carry no primary key, so every plugin column is grouped (the planner
    // drops all but the id again once it has flattened the projection).
    .groupBy(
      pluginArtifacts.id,
      pluginArtifacts.name,
      pluginArtifacts.version,
      pluginArtifacts.artifactSha256,
      pluginArtifacts.artifactSize,
      pluginArtifacts.tufTarget,
      pluginArtifacts.dependencies,
    )
    .orderBy(asc(pluginArtifacts.id));

const entitledNow = prebuiltSelect('entitled_plugins', entitledPluginsSelect());

/**
 * The plugins the user may run at `now`, by id: linked to the price of a subscription that has not
 * expired (a refund ends it) and is not paused, unless the subscriber switched that link off. One
 * query, rendered once and named (the manifest, every session open and decided heartbeat run it).
 */
export function entitledPlugins(db: HandedDb, userId: number, now: Date): Promise<EntitledPlugin[]> {
  return entitledNow(db, { userId, now: now.toISOString() });
}

export type RunnablePlugin = EntitledPlugin & { sha256: string; size: number };

/** Entitled and with an artifact: what the manifest lists and downloads serve. */
export const isRunnable = (plugin: EntitledPlugin): plugin is RunnablePlugin =>
  plugin.sha256 !== null && plugin.size !== null;
