import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkBooks, describeBooksReport } from '@ember/db/books/check-books';
import { createDbClient } from '@ember/db/client';
import { createProductTokens } from '../../modules/identity/index.ts';
import { clusterHeartbeatsSection, clusterSection } from './bench-cluster.ts';
import { BENCH_LOAD, type BenchDatabase, benchDatabase } from './bench-config.ts';
import { buildBenchData, ensureBenchDatabase, hasBenchData } from './bench-data.ts';
import { exportsSection } from './bench-exports.ts';
import { loadFixtures, type TokenSubject } from './bench-fixtures.ts';
import { type AlternatedResult, type LoadTarget, runAlternated, runLoad } from './bench-load.ts';
import { AS_A_BROWSER, longTailLoad, longTailUrls, singleRequests, warmUp } from './bench-longtail.ts';
import { renderedSection } from './bench-rendered.ts';
import { reviewsSection } from './bench-reviews.ts';
import { probe, type ScaleProbe } from './bench-scale.ts';
import { startBenchServer } from './bench-server.ts';
import { sessionLogsSection } from './bench-session-logs.ts';
import { clientLoad } from './client-load.ts';

/**
 * `npm run bench` (issue 11): starts the server on PostgreSQL (database ember_bench, built by
 * `npm run bench:data` when missing) and prints, for the hot routes, req/s, p50/p99 and the ratio
 * to /healthz measured alternately in the same run; then the latencies at scale; then the embedded
 * default (PGlite) under load and idle. Not a test: the figures go in the closing note.
 * Then game clients heartbeating and opening sessions at once (section `client`, client-load.ts).
 * Then the owner's balances export of 1,000,000 users, streamed (section `exports`, bench-exports.ts;
 * it needs only the users table, topped up to 1M rows when short).
 * Then the shop list through nginx in front of 2 API processes against 1 process direct (section
 * `cluster`, bench-cluster.ts, issue 22), and the heartbeats through the cluster with a rolling
 * restart (issue 36; also run by `client` without `cluster`).
 * Then /session-logs at 100 million sessions: its first page and a user's filter (section
 * `sessionlogs`, bench-session-logs.ts, issue 36; its rows built by `npm run bench:data`).
 * Then a plan page with 1,000 reviews (section `reviews`, bench-reviews.ts, issue 35).
 * Then a guest's rendered plan page, /shop/{id} (section `rendered`, bench-rendered.ts, issue 33).
 * `--only=throughput,scale,embedded,client,exports,cluster,sessionlogs,reviews,rendered` picks sections.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3401);
const SHOP = '/api/shop';
const BUYERS = 20_000;

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (section: string) => !only || only.includes(section);
const log = (line: string) => console.log(line);
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const cpu = (value: number | undefined) => (value === undefined ? '?' : `${value.toFixed(3)} ms`);

async function main() {
  const bench = benchDatabase();
  await ensureBenchDatabase(bench);
  if (['throughput', 'scale', 'embedded', 'longtail'].some(wants)) await dataSetSections(bench);
  else log(`# npm run bench — ${new Date().toISOString()}`);
  if (wants('client')) {
    // Game clients on PostgreSQL (issue 19); it needs the demo data only, not the large data set.
    const server = await startBenchServer({ port: PORT, databaseUrl: bench.url });
    try {
      await clientLoad(server, bench.url, log);
    } finally {
      await server.stop();
    }
  }
  if (wants('exports')) await exportsSection(bench, PORT, log);
  if (wants('cluster')) await clusterSection(bench, log);
  else if (wants('client')) await clusterHeartbeatsSection(bench, log);
  if (wants('sessionlogs')) await sessionLogsSection(bench, PORT, log);
  if (wants('reviews')) await reviewsSection(bench, PORT, log);
  if (wants('rendered')) await renderedSection(bench, PORT, log);
}

/** The sections of issue 11: the large data set (built when missing), then each section asked for. */
async function dataSetSections(bench: BenchDatabase) {
  if (!(await hasBenchData(bench))) {
    log('The bench data set is missing; building it (npm run bench:data) ...');
    await buildBenchData(bench, log);
  }
  const fixtures = await loadFixtures(bench.url, BUYERS);
  log(`# npm run bench — ${new Date().toISOString()}`);
  log(
    `PostgreSQL database ${bench.name}; ${BENCH_LOAD.rounds} rounds of ${BENCH_LOAD.seconds} s per route at ${BENCH_LOAD.connections} connections, each alternated with /healthz; medians.`,
  );

  if (wants('throughput')) {
    // As deployed: the public catalog cache on (CATALOG_CACHE_SECONDS default).
    const server = await startBenchServer({ port: PORT, databaseUrl: bench.url });
    try {
      const sign = signerFor(server.jwtSecret);
      const buyerTokens = await Promise.all(fixtures.buyers.map(sign));
      await throughput(server.origin, server.pid, buyerTokens, fixtures, 'catalog cache on');
    } finally {
      await server.stop();
    }
  }
  if (wants('throughput') || wants('scale')) {
    // Every read reaches PostgreSQL: what the SQL itself costs.
    const server = await startBenchServer({
      port: PORT,
      databaseUrl: bench.url,
      extraEnv: { CATALOG_CACHE_SECONDS: '0' },
    });
    try {
      const sign = signerFor(server.jwtSecret);
      if (wants('throughput'))
        await throughput(server.origin, server.pid, [], fixtures, 'catalog cache off', true);
      if (wants('scale'))
        await scale(server.origin, await sign(fixtures.admin), await sign(fixtures.owner), fixtures);
    } finally {
      await server.stop();
    }
  }
  if (wants('throughput')) {
    const database = createDbClient({ databaseUrl: bench.url, maxConnections: 1 });
    try {
      const report = await checkBooks(database.db);
      log('');
      log(`ledger:check after the run: ${describeBooksReport(report).at(-1)}`);
    } finally {
      await database.close();
    }
  }
  if (wants('longtail')) await longTail(bench);
  if (wants('embedded')) await embedded();
}

/**
 * Issue 21: thousands of distinct searches and deep pages, a different URL per request, with the
 * response cache off (no cache could answer them), beside one repeated URL as deployed (cache on).
 */
async function longTail(bench: BenchDatabase) {
  const urls = await longTailUrls(bench.url);
  log('');
  log('## Long tail (PostgreSQL, distinct URL per request, response cache off)');
  const results: { result: AlternatedResult; note: string }[] = [];
  const uncached = await startBenchServer({
    port: PORT,
    databaseUrl: bench.url,
    extraEnv: { CATALOG_CACHE_SECONDS: '0' },
  });
  let single: Awaited<ReturnType<typeof singleRequests>>[] = [];
  try {
    // The server builds its search index in the background after it starts (the statements
    // answer meanwhile): measured once 50 requests in a row answer within 50 ms, or after 120 s.
    await warmUp(uncached.origin, urls.searches, log);
    for (const result of await longTailLoad(uncached.origin, uncached.pid, urls, BENCH_LOAD, log))
      results.push({ result, note: 'cache off' });
    // One at a time after the load: by then the card shelf, loaded in the background after the
    // first index hit, is in place, as it is on a server that has been up for more than a moment.
    single = [
      await singleRequests(uncached.origin, urls.searches, 200),
      await singleRequests(uncached.origin, urls.deepPages, 200),
    ];
  } finally {
    await uncached.stop();
  }
  const cached = await startBenchServer({ port: PORT, databaseUrl: bench.url });
  try {
    await warmUp(cached.origin, urls.searches, log);
    const repeated: LoadTarget = {
      name: `one repeated URL ${SHOP}/plans?page=0&size=25`,
      path: () => `${SHOP}/plans?page=0&size=25`,
    };
    // The bench's other rows send no Accept-Encoding, which no browser does (docs/perf/bench-modules-issue33.md).
    const repeatedAsBrowser: LoadTarget = {
      ...repeated,
      name: `${repeated.name}, as a browser asks (br)`,
      headers: () => AS_A_BROWSER,
    };
    const targets = [repeated, repeatedAsBrowser];
    for (const result of await runAlternated(cached.origin, targets, BENCH_LOAD, log, cached.pid))
      results.push({ result, note: 'cache on (as deployed)' });
  } finally {
    await cached.stop();
  }
  log('');
  log(
    '| load | cache | req/s | p50 | p99 | /healthz req/s | /healthz p99 | ratio to /healthz | server CPU per request | non-2xx / errors |',
  );
  log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { result, note } of results) {
    log(
      `| ${result.name} | ${note} | ${result.route.requestsPerSecond.toFixed(0)} | ${ms(result.route.p50)} | ${ms(result.route.p99)} | ${result.healthz.requestsPerSecond.toFixed(0)} | ${ms(result.healthz.p99)} | ${result.ratio.toFixed(3)} | ${cpu(result.route.cpuMsPerRequest)} | ${result.route.non2xx} / ${result.route.errors + result.route.timeouts} |`,
    );
  }
  log('');
  log('One request at a time (whole request, which bounds its database time), 200 drawn from each list:');
  log('');
  log('| list | p50 | p95 | max | non-200 |');
  log('|---|---|---|---|---|');
  for (const [index, name] of ['searches', 'deep pages'].entries()) {
    const row = single[index];
    if (row) log(`| ${name} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} | ${row.failures} |`);
  }
}

function signerFor(secret: string) {
  const tokens = createProductTokens({ secret, ttlSeconds: 3600 });
  return (subject: TokenSubject) =>
    tokens.sign({ sub: String(subject.id), discordId: subject.discordId, roles: subject.roles as never });
}

async function throughput(
  origin: string,
  serverPid: number,
  buyerTokens: string[],
  fixtures: Awaited<ReturnType<typeof loadFixtures>>,
  label: string,
  readsOnly = false,
) {
  let sale = 0;
  const nextBuyer = () => ({ authorization: `Bearer ${buyerTokens[sale++ % buyerTokens.length]}` });
  const targets: LoadTarget[] = [
    { name: `GET ${SHOP}/plans?page=0&size=25`, path: () => `${SHOP}/plans?page=0&size=25` },
    { name: `GET ${SHOP}/plans/${fixtures.planId}`, path: () => `${SHOP}/plans/${fixtures.planId}` },
    {
      name: 'POST /subscriptions, many buyers, 8 prices',
      method: 'POST',
      path: () => `${SHOP}/subscriptions?priceId=${fixtures.salePrices[sale % fixtures.salePrices.length]}`,
      headers: nextBuyer,
    },
    {
      name: 'POST /subscriptions, one hot unlimited price',
      method: 'POST',
      path: () => `${SHOP}/subscriptions?priceId=${fixtures.hotSalePrice}`,
      headers: nextBuyer,
    },
  ];
  log('');
  log(`## Throughput (PostgreSQL, ${label})`);
  const results = await runAlternated(
    origin,
    readsOnly ? targets.slice(0, 2) : targets,
    BENCH_LOAD,
    log,
    serverPid,
  );
  log('');
  log(
    '| route | req/s | p50 | p99 | /healthz req/s | ratio to /healthz | server CPU per request (route / healthz) | non-2xx / errors |',
  );
  log('|---|---|---|---|---|---|---|---|');
  for (const result of results) {
    log(
      `| ${result.name} | ${result.route.requestsPerSecond.toFixed(0)} | ${ms(result.route.p50)} | ${ms(result.route.p99)} | ${result.healthz.requestsPerSecond.toFixed(0)} | ${result.ratio.toFixed(3)} | ${cpu(result.route.cpuMsPerRequest)} / ${cpu(result.healthz.cpuMsPerRequest)} | ${result.route.non2xx} / ${result.route.errors + result.route.timeouts} |`,
    );
  }
}

async function scale(
  origin: string,
  adminToken: string,
  ownerToken: string,
  fixtures: Awaited<ReturnType<typeof loadFixtures>>,
) {
  const firstPage = (await (await fetch(`${origin}${SHOP}/plans?page=0&size=25`)).json()) as {
    totalPages: number;
  };
  const lastPage = Math.max(0, firstPage.totalPages - 1);
  const hot = fixtures.hotPrice;
  const deepPage = Math.floor(hot.subscriptions / 10) - 1;
  const probes: ScaleProbe[] = [
    {
      name: 'shop as the web opens it (sort popular)',
      path: `${SHOP}/plans?page=0&size=25&sort=popular,desc`,
    },
    { name: 'shop, sort by price', path: `${SHOP}/plans?page=0&size=25&sort=price,asc` },
    { name: 'shop, sort by name', path: `${SHOP}/plans?page=0&size=25&sort=name,asc` },
    {
      name: `shop, middle page (${Math.floor(lastPage / 2)}) sorted by name`,
      path: `${SHOP}/plans?page=${Math.floor(lastPage / 2)}&size=25&sort=name,asc`,
    },
    {
      name: 'shop, label filter (label 5), 10 connections',
      path: `${SHOP}/plans?page=0&size=25&labelIds=5`,
      connections: 10,
    },
    { name: `shop, last page (${lastPage})`, path: `${SHOP}/plans?page=${lastPage}&size=25` },
    { name: 'shop, last page sorted by name', path: `${SHOP}/plans?page=${lastPage}&size=25&sort=name,asc` },
    { name: 'shop, name search "pack 99"', path: `${SHOP}/plans?page=0&size=25&name=pack%2099` },
    {
      name: `subscriptions by price (${hot.subscriptions} subs), sorted by username`,
      path: `${SHOP}/subscriptions/by-price/${hot.id}?page=0&size=10&sort=user.username,asc`,
      token: ownerToken,
    },
    {
      name: `subscriptions by price, deep page ${deepPage}`,
      path: `${SHOP}/subscriptions/by-price/${hot.id}?page=${deepPage}&size=10`,
      token: ownerToken,
    },
    {
      name: 'subscriptions by price, size=10000',
      path: `${SHOP}/subscriptions/by-price/${hot.id}?page=0&size=10000`,
      token: ownerToken,
    },
    {
      name: 'subscriptions by price, size=100',
      path: `${SHOP}/subscriptions/by-price/${hot.id}?page=0&size=100`,
      token: ownerToken,
    },
    {
      name: '/subscriptions/by-plan (no paging parameters)',
      path: `${SHOP}/subscriptions/by-plan/${hot.planId}`,
      token: ownerToken,
    },
    {
      name: 'admin /transactions, 10 connections',
      path: `${SHOP}/transactions?page=0&size=10`,
      token: adminToken,
      connections: 10,
    },
    {
      name: 'admin /transactions, type filter',
      path: `${SHOP}/transactions?page=0&size=10&type=REFUND`,
      token: adminToken,
    },
  ];
  log('');
  log(
    '## At scale (100,000 plans, 1,000,000 subscriptions, 2.2M ledger entries), one request at a time, catalog cache off',
  );
  log('');
  log('| measure | status | size | p50 | p95 | req/s under load |');
  log('|---|---|---|---|---|---|');
  for (const target of probes) {
    const result = await probe(origin, target);
    log(
      `| ${result.name} | ${result.status} | ${(result.bytes / 1024).toFixed(1)} KB | ${ms(result.p50)} | ${ms(result.p95)} | ${result.requestsPerSecond === undefined ? '' : result.requestsPerSecond.toFixed(0)} |`,
    );
  }
}

/** The embedded default: /healthz while the shop list is loaded at 50 connections, and idle memory. */
async function embedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ember-bench-pglite-'));
  log('');
  log('## Embedded default (PGlite, demo data)');
  const server = await startBenchServer({ port: PORT, dataDir });
  try {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idle = residentMemory(server.pid);
    const options = { seconds: BENCH_LOAD.seconds * 2, connections: BENCH_LOAD.connections };
    const shopList: LoadTarget = { name: 'shop', path: () => `${SHOP}/plans?page=0&size=25` };
    // Steady state, as the throughput rounds measure it: the first second of load compiles the hot paths.
    await runLoad(server.origin, shopList, { seconds: 2, connections: BENCH_LOAD.connections });
    const [shop, health] = await Promise.all([
      runLoad(server.origin, shopList, options, server.pid),
      runLoad(
        server.origin,
        { name: 'healthz', path: () => '/healthz' },
        { seconds: options.seconds, connections: 5 },
      ),
    ]);
    const loaded = residentMemory(server.pid);
    log('');
    log('| measure | value |');
    log('|---|---|');
    log(
      `| shop list at 50 connections (after 2 s of warm-up) | ${shop.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(shop.p50)}, p99 ${ms(shop.p99)}, errors ${shop.errors + shop.timeouts}, server CPU ${cpu(shop.cpuMsPerRequest)} per request |`,
    );
    log(
      `| /healthz at 5 connections meanwhile | ${health.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(health.p50)}, p99 ${ms(health.p99)}, errors ${health.errors + health.timeouts} |`,
    );
    log(`| memory (RSS of the server and its children) idle / after load | ${idle} MB / ${loaded} MB |`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** RSS in MB of a process and its descendants (a database worker process counts too). */
function residentMemory(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const children = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim();
      for (const child of children.split(/\s+/).filter(Boolean)) visit(Number(child));
    } catch {
      // the process ended
    }
  };
  visit(pid);
  return Math.round(total / 1024);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
