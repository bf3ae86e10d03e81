import type { LabelResponse, PlanResponse } from '@ember/contracts/catalog';
import { OWNER_ACCOUNT_ID } from '@ember/contracts/constants';
import { ratingAverageOf } from '@ember/contracts/reviews';
import type { Db } from './db.ts';
import type { ShopPlanRow } from './plan-search.repository.ts';
import type { PlanRating } from './plan-search-ranks.ts';
import { findLabelsOfPlans, findPromosOfPlans, type PlanRow } from './plans.repository.ts';

/**
 * Turns plan rows into plan responses: labels and promos of all the rows come from one query each,
 * whatever the number of plans. The product's own account shows under the brand name.
 */
export function createPlanViews({ db, brandName }: { db: Db; brandName: string }) {
  const ownerName = (owner: { id: number; displayName: string }) =>
    owner.id === OWNER_ACCOUNT_ID ? brandName : owner.displayName;

  async function toPlanResponses(rows: PlanRow[]): Promise<PlanResponse[]> {
    if (rows.length === 0) return [];
    const planIds = rows.map((row) => row.id);
    const [labelRows, promoRows] = await Promise.all([
      findLabelsOfPlans(db, planIds),
      findPromosOfPlans(db, planIds),
    ]);
    const labelsByPlan = new Map<number, LabelResponse[]>();
    for (const { planId, ...label } of labelRows) {
      labelsByPlan.set(planId, [...(labelsByPlan.get(planId) ?? []), label]);
    }
    const promoByPlan = new Map(promoRows.map((promo) => [promo.planId, promo]));
    return rows.map(({ ownerDisplayName, ratingSum, ...plan }) => ({
      ...plan,
      ratingAverage: ratingAverageOf(plan.ratingCount, ratingSum),
      ownerName: ownerName({ id: plan.ownerId, displayName: ownerDisplayName }),
      labels: labelsByPlan.get(plan.id) ?? [],
      promoDiscount: promoByPlan.get(plan.id)?.promoDiscount ?? 0,
      promoExtraDays: promoByPlan.get(plan.id)?.promoExtraDays ?? 0,
      fromPrice: promoByPlan.get(plan.id)?.fromPrice ?? null,
    }));
  }

  /**
   * A shop card as the API answers it, named field by field: object rest and spread over a row
   * (`{ ownerDisplayName, ...plan }`) cost ~100-240 µs per page of 25 cards in V8, a fifth of a
   * shop page's server CPU; this costs ~3 µs. The fields keep the order the spread gave them.
   */
  function toShopCard(card: ShopPlanRow, rating: PlanRating): PlanResponse {
    return {
      id: card.id,
      name: card.name,
      description: card.description,
      imageUrl: card.imageUrl,
      tags: card.tags,
      forumLink: card.forumLink,
      ownerId: card.ownerId,
      ownerDiscordId: card.ownerDiscordId,
      hidden: card.hidden,
      enabled: card.enabled,
      labels: card.labels,
      promoDiscount: card.promoDiscount,
      promoExtraDays: card.promoExtraDays,
      fromPrice: card.fromPrice,
      ownerName: ownerName({ id: card.ownerId, displayName: card.ownerDisplayName }),
      ratingAverage: ratingAverageOf(rating.count, rating.sum),
      ratingCount: rating.count,
    };
  }

  return {
    ownerName,
    toShopCard,
    toPlanResponses,
    async toPlanResponse(row: PlanRow): Promise<PlanResponse> {
      const [response] = await toPlanResponses([row]);
      if (!response) throw new Error('a plan row produced no response');
      return response;
    },
  };
}

export type PlanViews = ReturnType<typeof createPlanViews>;
