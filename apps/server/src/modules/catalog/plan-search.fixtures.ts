import type { Db } from '@ember/db/types';
import { activeSubscriptionCountsSql } from '../subscriptions/subscription-counts.ts';
import type { PlanPaging, PlanSearch } from './plan-search.repository.ts';
import * as repository from './plan-search.repository.ts';

// The shop's plan statements as the app wires them: counting active subscriptions as the
// subscriptions module does (app.ts hands that in).

export const findListedPlansPage = (
  db: Db,
  search: PlanSearch,
  paging: PlanPaging,
  now: Date,
  total: number | null,
) => repository.findListedPlansPage(db, search, paging, now, total, activeSubscriptionCountsSql);
