import { SERVER_RENDER_STATE_ELEMENT_ID } from '@ember/contracts/constants';
import { BENCH_LOAD, type BenchDatabase } from './bench-config.ts';
import { withClient } from './bench-data.ts';
import { runAlternated } from './bench-load.ts';
import { startBenchServer } from './bench-server.ts';

/**
 * Section `rendered` (issue 33, decision 0046): a guest's `/shop/{id}` as the server renders it,
 * under load alternated with /healthz, beside the API's read of the same plan. Once as deployed
 * (the rendered-page cache keeps the page) and once with the catalog cache off, so that every view
 * reads the plan and its counts and renders. Needs the web build (`npm run build`): without its
 * renderer the page is the unrendered index.html, and the section says so.
 */
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

async function firstPlanOnSale(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      'select id from plans where on_sale order by id limit 1',
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The bench database has no plan on sale.');
    return id;
  });
}

export async function renderedSection(bench: BenchDatabase, port: number, log: (line: string) => void) {
  const planId = await firstPlanOnSale(bench.url);
  const page = `/shop/${planId}`;
  const api = `/api/shop/plans/${planId}`;
  log('');
  log(`## A guest's rendered plan page ${page} (PostgreSQL ${bench.name})`);
  for (const [label, extraEnv] of [
    ['as deployed: the page kept', {}],
    ['catalog cache off: every view reads and renders', { CATALOG_CACHE_SECONDS: '0' }],
  ] as const) {
    const server = await startBenchServer({ port, databaseUrl: bench.url, extraEnv });
    try {
      const body = await (await fetch(`${server.origin}${page}`)).text();
      if (!body.includes(`id="${SERVER_RENDER_STATE_ELEMENT_ID}"`))
        log(`${page} came back unrendered: build the web app first (npm run build).`);
      const results = await runAlternated(
        server.origin,
        [
          { name: `${page} (rendered HTML)`, path: () => page },
          { name: `${api} (the API's plan, for comparison)`, path: () => api },
        ],
        BENCH_LOAD,
        log,
        server.pid,
      );
      log('');
      log(
        `${label} (${BENCH_LOAD.connections} connections, ${BENCH_LOAD.rounds} rounds of ${BENCH_LOAD.seconds} s, medians):`,
      );
      log('');
      log(
        '| request | req/s | p50 | p99 | /healthz req/s | ratio to /healthz | server CPU per request | non-2xx / errors |',
      );
      log('|---|---|---|---|---|---|---|---|');
      for (const result of results) {
        const cpu = result.route.cpuMsPerRequest;
        log(
          `| ${result.name} | ${result.route.requestsPerSecond.toFixed(0)} | ${ms(result.route.p50)} | ${ms(result.route.p99)} | ${result.healthz.requestsPerSecond.toFixed(0)} | ${result.ratio.toFixed(3)} | ${cpu === undefined ? '?' : `${cpu.toFixed(3)} ms`} | ${result.route.non2xx} / ${result.route.errors + result.route.timeouts} |`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}
