import { type SQL, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

/** What pg-boss needs from a database: run one SQL text (several statements when there are no values). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}

interface PgPoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  totalCount: number;
}

const isPglite = (client: unknown): client is PgliteLike =>
  typeof client === 'object' && client !== null && 'exec' in client && 'query' in client;

const isPgPool = (client: unknown): client is PgPoolLike =>
  typeof client === 'object' && client !== null && 'totalCount' in client && 'query' in client;

/**
 * Lets pg-boss share the application's database connection: the node-postgres pool on PostgreSQL,
 * or the single embedded PGlite instance. pg-boss sends its schema and migrations as one text of
 * many statements without values; PGlite runs those through `exec`, which `query` refuses.
 */
export function sqlExecutorFor(db: HandedDb): SqlExecutor {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    return {
      async executeSql(text, values) {
        if (values === undefined || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return client.query(text, values);
      },
    };
  }
  if (isPgPool(client)) return { executeSql: (text, values) => client.query(text, values) };
  throw new Error('The job queue needs a node-postgres pool or a PGlite database');
}

/**
 * Runs pg-boss' SQL inside a Drizzle transaction, so a retry and its audit event commit together.
 * pg-boss writes positional `$n` parameters; each becomes a bound parameter (arrays stay arrays).
 */
export function transactionExecutor(tx: HandedDb): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
        last = (match.index ?? 0) + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = await tx.execute(sql.join(chunks));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}
