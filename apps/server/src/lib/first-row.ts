/** The first row a query reads, or null when it reads none (a lookup by a unique key, the newest of a kind). */
export async function firstRowOrNull<Row>(rows: PromiseLike<Row[]>): Promise<Row | null> {
  const [row] = await rows;
  return row ?? null;
}
