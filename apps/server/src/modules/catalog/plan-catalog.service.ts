import type { PlanDetail, PlanDeveloper, PlanPage, plansQuery } from '@ember/contracts/catalog';
import { totalPagesOf } from '@ember/contracts/paging';
import type { z } from 'zod';
import type { KeyedCache } from '../../lib/cache/keyed-cache.ts';
import { NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { can } from '../../policy/policy.ts';
import { isPlanListed, isPriceListed } from './catalog-listing.ts';
import type { ActiveSubscriptionCountsSql, IncludedPlugins, PluginShowcases } from './catalog-ports.ts';
import type { Db } from './db.ts';
import type { PlanCardShelf } from './plan-card-shelf.ts';
import { countListedPlans, findListedPlansPage, type PlanSearch } from './plan-search.repository.ts';
import type { PlanSearchIndex } from './plan-search-index-refresh.ts';
import type { PlanViews } from './plan-views.ts';
import { findPlanById } from './plans.repository.ts';
import {
  findListedPlanOwners,
  findPlanOnSaleIdAt,
  findPlansOnSaleAfter,
  type PlanOnSaleEntry,
  summarizePlansOnSale,
} from './plans-on-sale.repository.ts';
import { toPriceResponse } from './price-views.ts';
import { findPricesOfPlan } from './prices.repository.ts';

/** Pages this shallow are read from the front without waiting for the total. */
const SHALLOW_ROWS = 1000;
/** Plans read per statement for the sitemap (a keyset page of plans_listed_id_idx). */
const SITEMAP_READ = 5000;

/** What the shop shows: the plan list, its developer filter and the plan page. */
export function createPlanCatalogService({
  db,
  clock,
  planViews,
  cache,
  searchIndex,
  cardShelf,
  activeSubscriptionCountsSql,
  includedPlugins,
  pluginShowcases,
}: {
  db: Db;
  clock: () => Date;
  planViews: PlanViews;
  /** The catalog reads, kept under the name 'catalog' (decision 0033). */
  cache: KeyedCache;
  searchIndex: PlanSearchIndex;
  /** The cards of the plans on sale in memory: an index hit then reads nothing from the database. */
  cardShelf: PlanCardShelf;
  /** The subscriptions module's counts, joined when a page sorted by popularity is a statement. */
  activeSubscriptionCountsSql: ActiveSubscriptionCountsSql;
  /** The delivery module's plugins of each price, shown on the plan page. */
  includedPlugins: IncludedPlugins;
  pluginShowcases: PluginShowcases;
}) {
  const countOf = (search: PlanSearch) =>
    cache.get(`count:${JSON.stringify(search)}`, () => countListedPlans(db, search));

  const pageOf = (search: PlanSearch, query: z.output<typeof plansQuery>, total: number | null) =>
    findListedPlansPage(db, search, query, clock(), total, activeSubscriptionCountsSql);

  /**
   * The page's ids and the number of matches from the search index when it is on (issue 21: every
   * search and every page is then a lookup in memory plus one statement for the page's cards);
   * otherwise, or for a name the index leaves to PostgreSQL, one statement for the page, the total
   * from the cache when it can, which also places deep pages.
   */
  async function loadPage(query: z.output<typeof plansQuery>): Promise<PlanPage> {
    const search: PlanSearch = {
      name: query.name,
      ownerDiscordIds: query.discordIds,
      labelIds: query.labelIds,
      minRating: query.minRating,
      maxPrice: query.maxPrice,
    };
    const index = searchIndex.current();
    const found = index?.page(search, query) ?? null;
    const shallow = query.page * query.size < SHALLOW_ROWS;
    const [total, rows] = found
      ? [found.total, await cardShelf.cardsOf(found.ids)]
      : shallow
        ? await Promise.all([countOf(search), pageOf(search, query, null)])
        : await countOf(search).then(async (total) => [total, await pageOf(search, query, total)] as const);
    return {
      content: rows.map((card) => {
        // From the index, a card's numbers are the index's (refreshed with the popular order), not the shelf's.
        const rating = (found && index?.ratingOf(card.id)) || {
          count: card.ratingCount,
          sum: card.ratingSum,
        };
        return planViews.toShopCard(card, rating);
      }),
      totalPages: totalPagesOf(total, query.size),
      totalElements: total,
    };
  }

  /** The plan page as `viewer` may see it (null detail: not for them), with the owner that decides who manages it. */
  async function loadPlan(id: number, viewer: Principal | null) {
    const plan = await findPlanById(db, id);
    if (!plan) return null;
    const manages = can(viewer, 'plan:read-private', { ownerId: plan.ownerId }) !== null;
    if (!manages && !isPlanListed(plan)) return { ownerId: plan.ownerId, detail: null };
    const [allPrices, response] = await Promise.all([
      findPricesOfPlan(db, id),
      planViews.toPlanResponse(plan),
    ]);
    const prices = allPrices.filter((price) => manages || isPriceListed(price, plan));
    const plugins =
      prices.length > 0
        ? await includedPlugins(
            db,
            prices.map((price) => price.id),
          )
        : [];
    const showcases = await pluginShowcases(
      db,
      plugins.map((plugin) => plugin.pluginId),
    );
    const detail: PlanDetail = {
      ...response,
      prices: prices.map((price) => ({
        ...toPriceResponse(price),
        plugins: plugins
          .filter((plugin) => plugin.priceId === price.id)
          .map(({ priceId: _priceId, ...plugin }) => plugin),
      })),
      plugins: showcases,
    };
    return { ownerId: plan.ownerId, detail };
  }

  return {
    /**
     * How many plans are on sale and when the latest of them changed: the sitemap's size and its
     * validator. Kept like the shop's pages (dropped at every catalog change in any process).
     */
    sitemapSummary(): Promise<{ total: number; lastModified: Date | null }> {
      return cache.get('sitemap', () => summarizePlansOnSale(db));
    },

    /**
     * `count` plans on sale from `position` (0 first) in id order, `SITEMAP_READ` at a time, read
     * from the database as they are consumed: the whole list is never held in memory.
     */
    async *plansOnSale(position: number, count: number): AsyncGenerator<PlanOnSaleEntry[]> {
      if (count <= 0) return;
      let afterId = 0;
      if (position > 0) {
        const before = await findPlanOnSaleIdAt(db, position - 1);
        if (before === null) return;
        afterId = before;
      }
      for (let left = count; left > 0; ) {
        const rows = await findPlansOnSaleAfter(db, afterId, Math.min(SITEMAP_READ, left));
        if (rows.length === 0) return;
        yield rows;
        afterId = rows[rows.length - 1]?.id ?? afterId;
        left -= rows.length;
      }
    },

    listPlans(query: z.output<typeof plansQuery>): Promise<PlanPage> {
      return cache.get(`page:${JSON.stringify(query)}`, () => loadPage(query));
    },

    async listDevelopers(): Promise<PlanDeveloper[]> {
      const owners = await cache.get('developers', () => findListedPlanOwners(db));
      return owners.map((owner) => ({
        discordId: owner.discordId,
        username: owner.username,
        displayName: planViews.ownerName(owner),
      }));
    },

    /** A hidden or disabled plan exists only for its owner and the admins; its unlisted prices too. */
    async getPlan(id: number, viewer: Principal | null): Promise<PlanDetail> {
      const shown = await cache.get(`plan:${id}`, () => loadPlan(id, null));
      if (shown && can(viewer, 'plan:read-private', { ownerId: shown.ownerId }) !== null) {
        const managed = await loadPlan(id, viewer);
        if (managed?.detail) return managed.detail;
      }
      if (!shown?.detail) throw new NotFound(`No plan with id ${id}.`);
      return shown.detail;
    },
  };
}

export type PlanCatalogService = ReturnType<typeof createPlanCatalogService>;
