import { plans } from '@ember/db/schema/catalog';
import { QueryBuilder } from 'drizzle-orm/pg-core';

// Who owns each plan, as a table to join (decision 0035): for queries that group or filter by a
// plan's owner in one statement. For one plan or price, ask ownership.ts.

/** Each plan's id and owner. Join it as a table (PostgreSQL flattens it: the plan of joining plans). */
export const planOwners = new QueryBuilder()
  .select({ id: plans.id, ownerId: plans.ownerId })
  .from(plans)
  .as('plan_owners');
