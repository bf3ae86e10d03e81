import { clientLimitGenerations } from '@ember/db/schema/client-limits';
import type { Db } from '@ember/db/types';
import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';

// Table: client_limit_generations (owned), moved by database triggers (migration 0020, decision 0036).

/** A user's limit generation. Left-join it as a table, so a client token's check reads it in the same statement. */
export const limitGenerations = new QueryBuilder()
  .select({ userId: clientLimitGenerations.userId, generation: clientLimitGenerations.generation })
  .from(clientLimitGenerations)
  .as('limit_generations');

/** The user's limit generation now (0 until something first moved it). */
export async function findLimitGeneration(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ generation: clientLimitGenerations.generation })
    .from(clientLimitGenerations)
    .where(eq(clientLimitGenerations.userId, userId));
  return row?.generation ?? 0;
}
