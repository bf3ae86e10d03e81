import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** A database handle for either driver (PGlite or node-postgres). A `Tx` is also a `Db`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbKind = 'pglite' | 'postgres';
