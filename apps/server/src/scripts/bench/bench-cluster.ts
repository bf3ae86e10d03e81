import path from 'node:path';
import { startCluster } from '../cluster/cluster.ts';
import { clusterHeartbeats } from './bench-cluster-heartbeats.ts';
import type { BenchDatabase } from './bench-config.ts';
import { BENCH_LOAD } from './bench-config.ts';
import { type LoadResult, type LoadTarget, median, runLoad } from './bench-load.ts';

/** nginx, api1, api2, s3rver: in the cluster's port range (3440-3479), clear of `npm run cluster`'s 3440-3443. */
const BASE_PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3460);
/** High enough that the rate limits never answer 429 to the load generator (one client address). */
const NO_LIMIT = '100000000';
const SHOP_LIST = '/api/shop/plans?page=0&size=25';

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/**
 * Section `cluster` (issue 22): the shop list through nginx in front of 2 API processes, against 1
 * API process of the same cluster reached directly, alternated round by round in the same run
 * (BENCH_LOAD rounds, medians): as deployed (catalog cache on), then with every read reaching
 * PostgreSQL (cache off). The ratio is a figure, not a target: on a 2-core machine nginx, both
 * processes, PostgreSQL and the load generator share the same cores.
 */
export async function clusterSection(bench: BenchDatabase, log: (line: string) => void): Promise<void> {
  log('');
  log('## Cluster (shop list: nginx in front of 2 API processes vs 1 of them direct, same run)');
  const rows: { label: string; direct: LoadResult[]; balanced: LoadResult[] }[] = [];
  for (const [label, extraEnv] of [
    ['catalog cache on (as deployed)', {}],
    ['catalog cache off (every read reaches PostgreSQL)', { CATALOG_CACHE_SECONDS: '0' }],
  ] as const) {
    rows.push({ label, ...(await measure(bench, extraEnv, label, log)) });
  }
  log('');
  log(`| GET ${SHOP_LIST} | cache | req/s | p50 | p99 | non-2xx / errors | ratio to 1 process direct |`);
  log('|---|---|---|---|---|---|---|');
  for (const { label, direct, balanced } of rows) {
    const ratio = median(
      balanced.map((run, round) => run.requestsPerSecond / (direct[round]?.requestsPerSecond || 1)),
    );
    for (const [name, runs] of [
      ['1 API process, direct', direct],
      ['nginx, 2 API processes', balanced],
    ] as const) {
      log(
        `| ${name} | ${label} | ${median(runs.map((run) => run.requestsPerSecond)).toFixed(0)} | ${ms(median(runs.map((run) => run.p50)))} | ${ms(median(runs.map((run) => run.p99)))} | ${runs.reduce((sum, run) => sum + run.non2xx, 0)} / ${runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0)} | ${runs === balanced ? `${ratio.toFixed(2)}x` : '1'} |`,
      );
    }
  }
  log('');
  log(
    `Ratio: median of the rounds' (nginx + 2 processes req/s ÷ 1 process direct req/s); ${BENCH_LOAD.rounds} rounds of ${BENCH_LOAD.seconds} s at ${BENCH_LOAD.connections} connections each.`,
  );
  await clusterHeartbeats(bench, clusterOptions({}), log);
}

/**
 * The heartbeats of the `cluster` section alone (issue 36: `--only=client` reports the cluster's
 * heartbeat ratio and the rolling restart too).
 */
export function clusterHeartbeatsSection(bench: BenchDatabase, log: (line: string) => void): Promise<void> {
  return clusterHeartbeats(bench, clusterOptions({}), log);
}

/** The bench's cluster: its own ports and Redis prefix, the rate limits out of the way. */
function clusterOptions(extraEnv: Record<string, string>) {
  return {
    ports: { nginx: BASE_PORT, api1: BASE_PORT + 1, api2: BASE_PORT + 2, s3: BASE_PORT + 3 },
    redisKeyPrefix: 'ember-bench-cluster:',
    env: {
      // The bench's own server signed the demo releases under the local trust of its DATA_DIR; the
      // cluster's processes on the same database read that repository, so they share that trust.
      DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: NO_LIMIT,
      RATE_LIMIT_SPENDING_PER_MINUTE: NO_LIMIT,
      ...extraEnv,
    },
  };
}

async function measure(
  bench: BenchDatabase,
  extraEnv: Record<string, string>,
  label: string,
  log: (line: string) => void,
): Promise<{ direct: LoadResult[]; balanced: LoadResult[] }> {
  const cluster = await startCluster({ databaseUrl: bench.url, ...clusterOptions(extraEnv) });
  try {
    const shopList: LoadTarget = { name: 'shop list', path: () => SHOP_LIST };
    const options = { seconds: BENCH_LOAD.seconds, connections: BENCH_LOAD.connections };
    // The first seconds of load compile the hot paths of each process.
    await runLoad(cluster.url, shopList, { seconds: 2, connections: BENCH_LOAD.connections });
    await runLoad(cluster.apiUrls.api1, shopList, { seconds: 2, connections: BENCH_LOAD.connections });
    const direct: LoadResult[] = [];
    const balanced: LoadResult[] = [];
    for (let round = 1; round <= BENCH_LOAD.rounds; round++) {
      const one = await runLoad(cluster.apiUrls.api1, shopList, options);
      const two = await runLoad(cluster.url, shopList, options);
      direct.push(one);
      balanced.push(two);
      log(
        `  ${label}, round ${round}: 1 process direct ${one.requestsPerSecond.toFixed(0)} req/s (p99 ${one.p99} ms), nginx + 2 processes ${two.requestsPerSecond.toFixed(0)} req/s (p99 ${two.p99} ms)`,
      );
    }
    return { direct, balanced };
  } finally {
    await cluster.stop();
  }
}
