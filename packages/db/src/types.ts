import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** A database handle for either driver (PGlite or node-postgres). A `Tx` is also a `Db`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbKind = 'pglite' | 'postgres';

type RelationalQueries = Db['query'];

/**
 * The handle a server module's code works with (decision 0070): Drizzle's builders, with relational
 * queries (`db.query.<table>`) over the tables of `OwnSchema` only, in its transactions too. The app's
 * `Db` is one, so factories take it as they are; one module's handle is not another's, so reaching a
 * foreign table through `db.query` does not compile. (A foreign table object cannot be imported
 * either: dependency-cruiser's ownership rules.)
 */
export type ModuleDb<OwnSchema = Record<never, never>> = Omit<Db, 'query' | 'transaction' | '_'> & {
  query: Pick<RelationalQueries, Extract<keyof OwnSchema, keyof RelationalQueries>>;
  transaction<T>(run: (tx: ModuleTx<OwnSchema>) => Promise<T>, config?: PgTransactionConfig): Promise<T>;
};

export type ModuleTx<OwnSchema = Record<never, never>> = Omit<Tx, 'query' | 'transaction' | '_'> &
  ModuleDb<OwnSchema>;

/**
 * A handle from any module, for code that only builds statements over tables it is given (the
 * journal poster, prepared statements) or that a module exports to others: every module's handle
 * fits it, and its relational queries know no table.
 */
export type HandedDb = ModuleDb;
