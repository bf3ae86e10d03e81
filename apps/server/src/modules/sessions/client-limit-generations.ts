import { clientLimitGenerations } from '@ember/db/schema/client-limits';
import { QueryBuilder } from 'drizzle-orm/pg-core';

// Table: client_limit_generations (owned), moved by database triggers (migration 0021, decision 0036).

/** A user's limit generation. Left-join it as a table, so a client token's check reads it in the same statement. */
export const limitGenerations = new QueryBuilder()
  .select({ userId: clientLimitGenerations.userId, generation: clientLimitGenerations.generation })
  .from(clientLimitGenerations)
  .as('limit_generations');
