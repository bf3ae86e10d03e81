/** Where the benchmark runs and how big its data set is (issue 11). */
export interface BenchDatabase {
  name: string;
  url: string;
  /** A database on the same server to create `name` from. */
  adminUrl: string;
}

export const BENCH_SCALE = {
  users: 50_000,
  developers: 1_000,
  plans: 100_000,
  subscriptions: 1_000_000,
  /** Subscriptions of the hot plan's first price (the deep "subscriptions by price" pages). */
  hotPriceSubscriptions: 20_000,
} as const;

/** Each measured route runs this long per round, alternated with /healthz, and the median of the rounds is shown. */
export const BENCH_LOAD = { rounds: 3, seconds: 5, connections: 50 } as const;

export function benchDatabase(
  serverUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432',
): BenchDatabase {
  const base = serverUrl.replace(/\/+$/, '');
  const name = process.env.BENCH_DATABASE ?? 'ember_bench';
  return { name, url: `${base}/${name}`, adminUrl: `${base}/postgres` };
}
