import type { Db } from '@ember/db/types';
import { type SQL, sql } from 'drizzle-orm';

/**
 * EXPLAIN of a built query (a Drizzle query, or raw SQL) with its own parameter values inlined as
 * literals, so the planner sees exactly what runs; the plan's lines joined.
 */
export async function queryPlanOf(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } } | SQL,
): Promise<string> {
  let explained: SQL;
  if ('toSQL' in query) {
    const { sql: text, params } = query.toSQL();
    const parts: SQL[] = [sql.raw('explain ')];
    text.split(/\$(\d+)/).forEach((chunk, index) => {
      parts.push(index % 2 === 0 ? sql.raw(chunk) : sql`${params[Number(chunk) - 1]}`);
    });
    explained = sql.join(parts);
  } else {
    explained = sql`explain ${query}`;
  }
  const result = (await db.execute(explained)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}
