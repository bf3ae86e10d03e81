import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import type { Db } from './types.ts';

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
export async function executeNamed<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const { dialect, session } = db as unknown as SessionInternals;
  const query = dialect.sqlToQuery(statement);
  const result = await session.prepareQuery(query, undefined, statementName(query.sql), false).execute();
  return (result as { rows: Row[] }).rows;
}
