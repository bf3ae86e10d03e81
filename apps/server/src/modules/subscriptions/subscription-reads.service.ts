import { subscriberCsvFilename } from '@ember/contracts/developer-statistics';
import { totalPagesOf } from '@ember/contracts/paging';
import type {
  SubscriptionPage,
  SubscriptionResponse,
  subscriptionsOfPlanQuery,
  subscriptionsOfPriceQuery,
} from '@ember/contracts/subscriptions';
import type { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { findPlanOwnerId, findPriceOwnership } from '../catalog/index.ts';
import type { Db } from './db.ts';
import { SUBSCRIBER_EXPORT_LIMIT, subscribersCsv } from './subscriber-export.ts';
import {
  countSubscriptions,
  findSubscriptionView,
  findSubscriptionViews,
  type SubscriptionFilter,
} from './subscription-views.repository.ts';
import { toSubscriptionResponse } from './subscription-views.ts';

/** Spec §7 GET /subscriptions/...: who may read which subscriptions. */
export function createSubscriptionReadsService({ db, clock }: { db: Db; clock: () => Date }) {
  const respond = (rows: Awaited<ReturnType<typeof findSubscriptionViews>>) =>
    rows.map((row) => toSubscriptionResponse(row, clock()));

  /** A price's subscribers are listed to its owner and admins; 404 for a price that is not there. */
  async function authorizeListingPrice(principal: Principal, priceId: number) {
    const price = await findPriceOwnership(db, priceId);
    if (!price) throw new NotFound(`No price with id ${priceId}.`);
    authorize(principal, 'subscription:list', { ownerId: price.ownerId });
  }

  async function pageOf(
    filter: SubscriptionFilter,
    query: z.output<typeof subscriptionsOfPlanQuery>,
  ): Promise<SubscriptionPage> {
    const [rows, total] = await Promise.all([
      findSubscriptionViews(db, filter, {
        sort: query.sort,
        limit: query.size,
        offset: query.page * query.size,
      }),
      countSubscriptions(db, filter),
    ]);
    return { content: respond(rows), totalPages: totalPagesOf(total, query.size) };
  }

  return {
    async listOwn(principal: Principal): Promise<SubscriptionResponse[]> {
      return respond(await findSubscriptionViews(db, { userId: principal.userId }));
    },

    async listOfUser(principal: Principal, userId: number): Promise<SubscriptionResponse[]> {
      authorize(principal, 'subscription:read', { userId });
      return respond(await findSubscriptionViews(db, { userId }));
    },

    async pageOfPrice(
      principal: Principal,
      priceId: number,
      query: z.output<typeof subscriptionsOfPriceQuery>,
    ): Promise<SubscriptionPage> {
      await authorizeListingPrice(principal, priceId);
      return pageOf({ priceId, search: query.search }, query);
    },

    /** Every subscriber of a price as CSV, newest purchase first (the price page's export). */
    async exportOfPrice(principal: Principal, priceId: number): Promise<{ filename: string; csv: string }> {
      await authorizeListingPrice(principal, priceId);
      const rows = await findSubscriptionViews(
        db,
        { priceId },
        {
          limit: SUBSCRIBER_EXPORT_LIMIT,
        },
      );
      return { filename: subscriberCsvFilename(priceId), csv: subscribersCsv(respond(rows)) };
    },

    async pageOfPlan(
      principal: Principal,
      planId: number,
      query: z.output<typeof subscriptionsOfPlanQuery>,
    ): Promise<SubscriptionPage> {
      const ownerId = await findPlanOwnerId(db, planId);
      if (ownerId === null) throw new NotFound(`No plan with id ${planId}.`);
      authorize(principal, 'subscription:list', { ownerId });
      return pageOf({ planId }, query);
    },

    async getOne(principal: Principal, id: number): Promise<SubscriptionResponse> {
      const row = await findSubscriptionView(db, id);
      if (!row) throw new NotFound(`No subscription with id ${id}.`);
      authorize(principal, 'subscription:read', { userId: row.user.id, ownerId: row.plan.ownerId });
      return toSubscriptionResponse(row, clock());
    },

    /** The subscription as it is now, for answering a change the caller was allowed to make. */
    async current(id: number): Promise<SubscriptionResponse> {
      const row = await findSubscriptionView(db, id);
      if (!row) throw new NotFound(`No subscription with id ${id}.`);
      return toSubscriptionResponse(row, clock());
    },
  };
}

export type SubscriptionReadsService = ReturnType<typeof createSubscriptionReadsService>;
