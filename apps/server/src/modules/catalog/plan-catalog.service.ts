import type { PlanDetail, PlanDeveloper, PlanPage, plansQuery } from '@ember/contracts/catalog';
import { totalPagesOf } from '@ember/contracts/paging';
import type { Db } from '@ember/db/types';
import type { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access-control.ts';
import { can } from '../../policy/policy.ts';
import { isPlanListed, isPriceListed } from './catalog-listing.ts';
import { countListedPlans, findListedPlanOwners, listedPlansPageQuery } from './plan-search.repository.ts';
import type { PlanViews } from './plan-views.ts';
import { findPlanById } from './plans.repository.ts';
import { toPriceResponse } from './price-views.ts';
import { findIncludedPlugins, findPricesOfPlan } from './prices.repository.ts';

/** What the shop shows: the plan list, its developer filter and the plan page. */
export function createPlanCatalogService({
  db,
  clock,
  planViews,
}: {
  db: Db;
  clock: () => Date;
  planViews: PlanViews;
}) {
  return {
    async listPlans(query: z.output<typeof plansQuery>): Promise<PlanPage> {
      const search = { name: query.name, ownerDiscordIds: query.discordIds, labelIds: query.labelIds };
      const [rows, total] = await Promise.all([
        listedPlansPageQuery(db, search, query, clock()),
        countListedPlans(db, search),
      ]);
      return { content: await planViews.toPlanResponses(rows), totalPages: totalPagesOf(total, query.size) };
    },

    async listDevelopers(): Promise<PlanDeveloper[]> {
      const owners = await findListedPlanOwners(db);
      return owners.map((owner) => ({
        discordId: owner.discordId,
        username: owner.username,
        displayName: planViews.ownerName(owner),
      }));
    },

    /** A hidden or disabled plan exists only for its owner and the admins; its unlisted prices too. */
    async getPlan(id: number, viewer: Principal | null): Promise<PlanDetail> {
      const plan = await findPlanById(db, id);
      const manages = plan !== null && can(viewer, 'plan:read-private', { ownerId: plan.ownerId }) !== null;
      if (!plan || (!manages && !isPlanListed(plan))) throw new NotFound(`No plan with id ${id}.`);
      const prices = (await findPricesOfPlan(db, id)).filter(
        (price) => manages || isPriceListed(price, plan),
      );
      const plugins =
        prices.length > 0
          ? await findIncludedPlugins(
              db,
              prices.map((price) => price.id),
            )
          : [];
      return {
        ...(await planViews.toPlanResponse(plan)),
        prices: prices.map((price) => ({
          ...toPriceResponse(price),
          plugins: plugins
            .filter((plugin) => plugin.priceId === price.id)
            .map(({ priceId: _priceId, ...plugin }) => plugin),
        })),
      };
    },
  };
}

export type PlanCatalogService = ReturnType<typeof createPlanCatalogService>;
