import { accessListEntries } from '@ember/db/schema/catalog';
import { QueryBuilder } from 'drizzle-orm/pg-core';

// Who is on which whitelist or blacklist (decision 0035), for the checks of a sale: join it as a
// table, so a sale counts the lists in the same statement that reads the price.

/** One entry: a user on the kind of list of a plan or of a price (exactly one of the two is set). */
export const accessListMemberships = new QueryBuilder()
  .select({
    kind: accessListEntries.kind,
    planId: accessListEntries.planId,
    priceId: accessListEntries.priceId,
    userId: accessListEntries.userId,
  })
  .from(accessListEntries)
  .as('access_list_memberships');
