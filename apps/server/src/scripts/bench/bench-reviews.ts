import { REVIEWS_PAGE_SIZE } from '@ember/contracts/reviews';
import { BENCH_LOAD, type BenchDatabase } from './bench-config.ts';
import { withClient } from './bench-data.ts';
import { runAlternated } from './bench-load.ts';
import { singleRequests } from './bench-longtail.ts';
import { startBenchServer } from './bench-server.ts';

/**
 * Section `reviews` (issue 35): a plan page with 1,000 reviews. The first plan on sale gets 1,000
 * reviews from the bench's buyers (added once; the trigger keeps the plan's numbers), then its plan
 * answer, its first page of reviews and a page drawn at random per request are measured one at a
 * time and under load alternated with /healthz. The goal: p99 < 50 ms.
 */
const REVIEWS = 1_000;
const SAMPLE = 300;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

async function planWithReviews(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const plan = await client.query<{ id: number; rating_count: number }>(
      'select id, rating_count from plans where on_sale order by id limit 1',
    );
    const row = plan.rows[0];
    if (!row) throw new Error('The bench database has no plan on sale.');
    if (row.rating_count < REVIEWS) {
      await client.query(
        `insert into plan_reviews (plan_id, user_id, rating, body, ran_seconds, price_name, price_paid, created_at)
         select $1, u.id, 1 + (u.id % 5), 'Bench review ' || u.id || ': steady, no crashes after the last update.',
                3600 * (1 + u.id % 48), 'Monthly', 100 * (u.id % 7), now() - (u.id % 1000) * interval '1 hour'
         from (select id from users where username like 'bench\\_%' order by id limit $2) u
         on conflict (plan_id, user_id) do nothing`,
        [row.id, REVIEWS],
      );
      await client.query('analyze plan_reviews');
    }
    return row.id;
  });
}

export async function reviewsSection(bench: BenchDatabase, port: number, log: (line: string) => void) {
  const planId = await planWithReviews(bench.url);
  const server = await startBenchServer({ port, databaseUrl: bench.url });
  try {
    const planPage = `/api/shop/plans/${planId}`;
    const firstReviews = `/api/shop/plans/${planId}/reviews?page=0&size=${REVIEWS_PAGE_SIZE}`;
    const pages = REVIEWS / REVIEWS_PAGE_SIZE;
    const anyReviews = Array.from(
      { length: pages },
      (_, page) => `/api/shop/plans/${planId}/reviews?page=${page}&size=${REVIEWS_PAGE_SIZE}`,
    );
    log('');
    log(
      `## Plan page with ${REVIEWS.toLocaleString('en')} reviews (PostgreSQL ${bench.name}, plan ${planId})`,
    );
    await singleRequests(server.origin, [planPage, firstReviews], 20);
    const single = [
      { name: '/healthz (baseline)', ...(await singleRequests(server.origin, ['/healthz'], SAMPLE)) },
      {
        name: 'plan (with its average and count)',
        ...(await singleRequests(server.origin, [planPage], SAMPLE)),
      },
      { name: 'first page of reviews', ...(await singleRequests(server.origin, [firstReviews], SAMPLE)) },
      {
        name: `a page of ${pages} drawn at random`,
        ...(await singleRequests(server.origin, anyReviews, SAMPLE)),
      },
    ];
    log('');
    log(`One request at a time, ${SAMPLE} each (whole request):`);
    log('');
    log('| request | p50 | p95 | max | non-200 |');
    log('|---|---|---|---|---|');
    for (const row of single)
      log(`| ${row.name} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} | ${row.failures} |`);
    const loaded = await runAlternated(
      server.origin,
      [
        { name: 'first page of reviews', path: () => firstReviews },
        {
          name: 'a page of reviews drawn at random',
          path: () => anyReviews[Math.floor(Math.random() * anyReviews.length)] ?? firstReviews,
        },
      ],
      BENCH_LOAD,
      log,
      server.pid,
    );
    log('');
    log(
      `Under load (${BENCH_LOAD.connections} connections, ${BENCH_LOAD.rounds} rounds of ${BENCH_LOAD.seconds} s alternated with /healthz, medians):`,
    );
    log('');
    log('| request | req/s | p50 | p99 | /healthz req/s | ratio to /healthz | non-2xx / errors |');
    log('|---|---|---|---|---|---|---|');
    for (const result of loaded) {
      log(
        `| ${result.name} | ${result.route.requestsPerSecond.toFixed(0)} | ${ms(result.route.p50)} | ${ms(result.route.p99)} | ${result.healthz.requestsPerSecond.toFixed(0)} | ${result.ratio.toFixed(3)} | ${result.route.non2xx} / ${result.route.errors + result.route.timeouts} |`,
      );
    }
  } finally {
    await server.stop();
  }
}
