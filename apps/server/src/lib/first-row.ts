/** The first row a query reads, or null when it reads none (a lookup by a unique key, the newest of a kind). */
export async function firstRowOrNull<Row>(rows: PromiseLike<Row[]>): Promise<Row | null> {
  const [row] = await rows;
  return row ?? null;
}

/** What a `select({ total: count() })` counted: its one row's total (0 should it read none). */
export async function countedTotal(rows: PromiseLike<{ total: number }[]>): Promise<number> {
  const [row] = await rows;
  return row?.total ?? 0;
}
