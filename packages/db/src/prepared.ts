import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Query, SQL } from 'drizzle-orm';
import * as drizzle from 'drizzle-orm';
import pg from 'pg';
import type { HandedDb } from './types.ts';

/**
 * A hot read as a named prepared statement (issue 11, decision 0020): the SQL text is written once,
 * PostgreSQL parses and plans it once per connection, and each call only sends the values. Used
 * for the few reads that run on every shop page; everything else goes through Drizzle. Runs on the
 * handle's own driver (node-postgres pool or PGlite), outside any transaction.
 */
export function preparedStatement<Row>(name: string, text: string) {
  return async (db: HandedDb, values: readonly unknown[]): Promise<Row[]> => {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool || client instanceof pg.Client) {
      return (await client.query<Row & pg.QueryResultRow>({ name, text, values: [...values] })).rows;
    }
    if (client instanceof PGlite) return (await client.query<Row>(text, [...values])).rows;
    throw new Error(`prepared statement ${name}: the database handle has no driver client`);
  };
}

/** A list parameter as one text value (`1,2,3`), turned back into an array in SQL by `string_to_array`; both drivers send it alike. */
export const listParameter = (values: readonly (string | number)[]): string => values.join(',');

/**
 * A Drizzle query prepared once per database handle (issue 11): its SQL is built on the first
 * call only, and it runs as a named statement, so neither Drizzle nor PostgreSQL works it out
 * again. `build` must use sql.placeholder for every value. Meant for the pool handle; a
 * transaction handle gets its own (built once for that transaction).
 */
export function preparedPerDatabase<Prepared>(build: (db: HandedDb) => Prepared): (db: HandedDb) => Prepared {
  const byDatabase = new WeakMap<HandedDb, Prepared>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}

/** The name of a statement text: the same text always gets the same name, on every connection. */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

interface SessionInternals {
  dialect: { sqlToQuery(statement: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Runs a hand-written statement on the handle's own session (inside its transaction, if any) as a
 * named prepared statement, named after its text (issue 11): PostgreSQL parses and plans it once
 * per connection. Only for statements whose best plan does not depend on the values (lookups by
 * key, inserts, the journal statement): after five runs PostgreSQL may keep a generic plan, which
 * is wrong for a sort over one price's 20,000 subscribers, so list reads stay unnamed.
 */
export async function executeNamed<Row>(db: HandedDb, statement: SQL): Promise<Row[]> {
  const { dialect, session } = db as unknown as SessionInternals;
  const query = dialect.sqlToQuery(statement);
  const result = await session.prepareQuery(query, undefined, statementName(query.sql), false).execute();
  return (result as { rows: Row[] }).rows;
}

interface PrebuildableSelect<Row> {
  readonly _: { readonly result: Row[] };
}

interface SelectInternals {
  dialect: { sqlToQuery(statement: SQL): Query };
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: Record<string, boolean>;
  getSQL(): SQL;
}

interface PreparedSelect {
  joinsNotNullableMap?: Record<string, boolean>;
  execute(values: Record<string, unknown>): Promise<unknown>;
}

// Drizzle orders a select's nested fields with this helper at run time; its typings leave it out.
const { orderSelectedFields } = drizzle as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): unknown[];
};

/**
 * A Drizzle select rendered to SQL once, at load, and run on any handle (inside its transaction,
 * if any) as a named prepared statement with the values of its placeholders. Rendering a select of
 * joined projections costs Drizzle about half a millisecond of CPU per call; the sale's checks run
 * on every purchase, so they are rendered once. `select` comes from a `QueryBuilder` and uses
 * sql.placeholder for every value; rows keep Drizzle's nested shape (a left-joined table with no
 * match is null).
 */
export function prebuiltSelect<Row>(name: string, select: PrebuildableSelect<Row>) {
  const internals = select as unknown as SelectInternals;
  const query = internals.dialect.sqlToQuery(internals.getSQL());
  const fields = orderSelectedFields(internals.config.fields);
  return async (db: HandedDb, values: Record<string, unknown>): Promise<Row[]> => {
    const { session } = db as unknown as {
      session: { prepareQuery(...args: unknown[]): PreparedSelect };
    };
    const prepared = session.prepareQuery(query, fields, name, true);
    prepared.joinsNotNullableMap = internals.joinsNotNullableMap;
    return (await prepared.execute(values)) as Row[];
  };
}
