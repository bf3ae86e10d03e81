import type { Db } from '@ember/db/types';

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
export function sqlExecutorFor(db: Db): SqlExecutor {
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
