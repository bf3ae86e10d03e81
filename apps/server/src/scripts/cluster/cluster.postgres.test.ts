import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDbClient, type DbClient } from '@ember/db/client';
import { DEMO_ACCOUNTS } from '@ember/db/demo/demo-accounts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, givenPriceOf, givenUser } from '../../../test-support/test-data.ts';
import { createProductTokens } from '../../modules/identity/product-token.ts';
import type { Cluster } from './cluster.ts';
import { type LoadBuyer, type LoadReport, startClusterLoad } from './cluster-load.ts';
import { startTestCluster } from './test-cluster.ts';

// Issue 22, acceptance: the product as a cluster (nginx from Debian's packages in front of two API
// processes, a worker, PostgreSQL, Redis, s3rver), driven only through nginx as clients would.
// Staleness: an edit is seen by every process within 1 s. Rolling restart: both API processes
// restarted under load, no client sees a 5xx or a connection error, every acknowledged purchase is
// in the books. Failover: kill -9 of one process under load; a purchase that failed is retried with
// its Idempotency-Key and charged once; the books stay clean.

/** This file's ports (3450-3453 of the cluster's 3440-3479). */
const PORTS = { nginx: 3450, api1: 3451, api2: 3452, s3: 3453 };
const DEVELOPER = DEMO_ACCOUNTS.find((account) => account.username === 'developer');
const PRICE = 100;

/**
 * The guest pages come from a small renderer standing in for the web build's (which `npm test` builds
 * only later, and only with Chromium): it renders /shop/<id> from the plan answer the server hands
 * it, so the page goes through the same reads and rendered-page cache as the real build's pages do.
 */
const STUB_RENDERER = `
export async function render({ url, state }) {
  if (!/^\\/shop\\/\\d+$/.test(url.split('?')[0])) return null;
  const plan = state.find((answer) => answer.read === 'plan')?.data;
  if (!plan) return null;
  const text = String(plan.name).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
  return { html: '<h1 class="plan-name">' + text + '</h1>', state: { queries: [] }, title: text };
}
`;

let cluster: Cluster;
let stopCluster: (() => Promise<void>) | undefined;
let database: DbClient;

beforeAll(async () => {
  ({ cluster, stop: stopCluster } = await startTestCluster({
    name: 'cluster-test',
    ports: PORTS,
    renderer: STUB_RENDERER,
    env: {
      // One client address (this test) sends everything: the per-address limits are raised.
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_SPENDING_PER_MINUTE: '1000000',
      RATE_LIMIT_ORDERS_PER_MINUTE: '1000000',
    },
  }));
  database = createDbClient({ databaseUrl: cluster.databaseUrl, maxConnections: 2 });
}, 240_000);

afterAll(async () => {
  await database?.close();
  await stopCluster?.();
}, 120_000);

async function bearer(user: { id: number; discordId: string; roles: readonly string[] }) {
  const tokens = createProductTokens({ secret: cluster.jwtSecret, ttlSeconds: 3600 });
  return `Bearer ${await tokens.sign({ sub: String(user.id), discordId: user.discordId, roles: [...user.roles] as never })}`;
}

/** Which API process answered each request, from nginx's access log, by the request's X-Request-Id. */
async function upstreamsOf(requestIds: string[]): Promise<Map<string, string>> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const found = new Map<string, string>();
  for (const line of readFileSync(cluster.accessLogFile, 'utf8').split('\n')) {
    const id = /request_id="([^"]*)"/.exec(line)?.[1];
    const upstream = /upstream=(\S+(?:, \S+)*) upstream_status/.exec(line)?.[1];
    if (id && upstream && requestIds.includes(id)) found.set(id, upstream);
  }
  return found;
}

const apiProcessOf = (upstream: string | undefined) =>
  upstream === `127.0.0.1:${PORTS.api1}`
    ? 'api1'
    : upstream === `127.0.0.1:${PORTS.api2}`
      ? 'api2'
      : upstream;

describe('staleness: an edit through one process is seen through every process within 1 s', () => {
  it('the shop list, the plan API page and the rendered guest page show a plan edit on the next 20 reads each', async () => {
    if (!DEVELOPER) throw new Error('no demo developer');
    const developer = await bearer(DEVELOPER);
    const listPath = `/api/shop/plans?page=0&size=100&discordIds=${DEVELOPER.discordId}`;
    const list = (await (await fetch(`${cluster.url}${listPath}`)).json()) as {
      content: { id: number; name: string }[];
    };
    const listed = list.content[0];
    if (!listed) throw new Error('the demo developer has no listed plan');
    const mine = (await (
      await fetch(`${cluster.url}/api/shop/plans/my`, { headers: { authorization: developer } })
    ).json()) as {
      id: number;
      description: string;
      tags: string[];
      imageUrl: string | null;
      forumLink: string | null;
    }[];
    const plan = mine.find((candidate) => candidate.id === listed.id);
    if (!plan) throw new Error(`plan ${listed.id} is not among the developer's own`);

    const reads = [
      { name: 'shop list', path: listPath, accept: 'application/json' },
      { name: 'plan page (API)', path: `/api/shop/plans/${plan.id}`, accept: 'application/json' },
      { name: 'rendered guest page', path: `/shop/${plan.id}`, accept: 'text/html' },
    ];
    const nameIn = (read: (typeof reads)[number], body: string, name: string) =>
      read.accept === 'text/html'
        ? body.includes(`<h1 class="plan-name">${name}</h1>`)
        : read.path === listPath
          ? (JSON.parse(body) as typeof list).content.some((row) => row.id === plan.id && row.name === name)
          : (JSON.parse(body) as { name: string }).name === name;

    // Every process holds the old answers before the edit: each read twice from each, directly.
    for (const read of reads) {
      for (const origin of Object.values(cluster.apiUrls)) {
        for (let i = 0; i < 2; i++) {
          const answer = await fetch(`${origin}${read.path}`, { headers: { accept: read.accept } });
          expect(nameIn(read, await answer.text(), listed.name), `${read.name} from ${origin}`).toBe(true);
        }
      }
    }

    const newName = `Cluster edit ${randomBytes(4).toString('hex')}`;
    const edit = await fetch(`${cluster.url}/api/shop/plans/${plan.id}`, {
      method: 'PUT',
      headers: { authorization: developer, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: newName,
        description: plan.description,
        tags: plan.tags,
        imageUrl: plan.imageUrl ?? undefined,
        forumLink: plan.forumLink ?? undefined,
      }),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const answeredAt = Date.now();

    // 20 reads of each page through nginx, spread over the 2 s after the answer (one every 100 ms):
    // only a read that starts within 1 s of the answer may still show the old name.
    const results = await Promise.all(
      reads.map(async (read) => {
        const rows: { id: string; at: number; fresh: boolean }[] = [];
        for (let i = 0; i < 20; i++) {
          const wait = answeredAt + i * 100 - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const id = `staleness-${randomBytes(6).toString('hex')}`;
          const at = Date.now() - answeredAt;
          const answer = await fetch(`${cluster.url}${read.path}`, {
            headers: { accept: read.accept, 'x-request-id': id },
          });
          expect(answer.status).toBe(200);
          rows.push({ id, at, fresh: nameIn(read, await answer.text(), newName) });
        }
        return { read, rows };
      }),
    );
    const upstreams = await upstreamsOf(results.flatMap(({ rows }) => rows.map((row) => row.id)));
    for (const { read, rows } of results) {
      const described = rows.map(
        (row) => `${row.at} ms ${apiProcessOf(upstreams.get(row.id))} ${row.fresh ? 'new' : 'OLD'}`,
      );
      expect(
        rows.filter((row) => !row.fresh && row.at >= 1000),
        `${read.name}: ${described.join('; ')}`,
      ).toEqual([]);
      // Both processes answered these reads.
      expect(new Set(rows.map((row) => apiProcessOf(upstreams.get(row.id)))), read.name).toEqual(
        new Set(['api1', 'api2']),
      );
    }
  });
});

/** Fresh buyers with plenty of credits, a price of the demo developer, and a sandbox credits product. */
async function givenLoadFixtures(buyerCount: number) {
  if (!DEVELOPER) throw new Error('no demo developer');
  const ctx = { database };
  const { price } = await givenPriceOf(ctx, DEVELOPER.id, { price: PRICE });
  const buyers: (LoadBuyer & { startBalance: number })[] = [];
  for (let i = 0; i < buyerCount + 1; i++) {
    const user = await givenUser(ctx, { credits: 1_000_000 });
    buyers.push({ id: user.id, authorization: await bearer(user), startBalance: 1_000_000 });
  }
  const product = await database.db.execute(
    sql`select id, minimum_purchase from products where kind = 'CREDITS' and payment_processor = 'STRIPE' and enabled order by id limit 1`,
  );
  const row = (product as unknown as { rows: { id: number; minimum_purchase: number }[] }).rows[0];
  if (!row) throw new Error('no card credits product in the demo data');
  const payer = buyers.pop() as LoadBuyer;
  return {
    priceId: price.id,
    buyers,
    payments: { productId: row.id, amount: Math.max(500, row.minimum_purchase), buyer: payer },
  };
}

const reads = (planId: number) => [
  { path: '/api/shop/plans?page=0&size=25' },
  { path: `/api/shop/plans/${planId}` },
  { path: '/api/shop/labels' },
  { path: `/shop/${planId}`, accept: 'text/html' },
  { path: '/healthz' },
];

/** One line about what the load saw, for the test's output. */
function summary(name: string, report: LoadReport) {
  const retried = report.purchases.filter((purchase) => purchase.attempts > 1).length;
  console.info(
    `${name}: ${report.requests} requests, statuses ${JSON.stringify(report.statuses)}, ${report.connectionErrors} connection errors, ${report.purchases.length} purchases (${retried} retried with their key), ${report.paidOrders.length} sandbox payments`,
  );
}

/** nginx's view when a client saw a failure: its 5xx answers and its error log, for the test's message. */
function nginxDiagnostics(): string {
  const access = readFileSync(cluster.accessLogFile, 'utf8')
    .split('\n')
    .filter((line) => / 5\d\d \d+ rt=/.test(line));
  const errors = readFileSync(path.join(cluster.runDir, 'logs', 'error.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('[error]'));
  return [
    `nginx answered ${access.length} 5xx:`,
    ...access.slice(0, 15),
    `nginx error log (${errors.length} errors, last 15):`,
    ...errors.slice(-15),
  ].join('\n');
}

/** What the books say about the load's purchases and payments. */
async function expectInTheBooks(report: LoadReport, fixtures: Awaited<ReturnType<typeof givenLoadFixtures>>) {
  const acknowledged = report.purchases.filter((purchase) => purchase.status >= 200 && purchase.status < 300);
  expect(acknowledged.length).toBeGreaterThan(10);
  // Every acknowledged purchase is a subscription in the database.
  const ids = acknowledged.map((purchase) => purchase.subscriptionId as number);
  const found = await database.db.execute(
    sql`select id from subscriptions where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  expect(new Set((found as unknown as { rows: { id: number }[] }).rows.map((row) => row.id))).toEqual(
    new Set(ids),
  );
  // Each buyer was charged once per acknowledged purchase, never for one that was refused, never twice.
  for (const buyer of fixtures.buyers) {
    const charges = await database.db.execute(
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as total from ledger_entries
          where user_id = ${buyer.id} and account = 'CREDITS' and amount < 0`,
    );
    const charged = (charges as unknown as { rows: { n: number; total: number }[] }).rows[0];
    const mine = acknowledged.filter((purchase) => purchase.buyerId === buyer.id).length;
    expect(charged, `buyer ${buyer.id}`).toEqual({ n: mine, total: -PRICE * mine });
  }
  // Every payment the sandbox acknowledged completed its order (the webhook was recorded).
  expect(report.paidOrders.length).toBeGreaterThan(0);
  const orders = await database.db.execute(
    sql`select id, status from orders where id in (${sql.join(
      report.paidOrders.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  expect(
    (orders as unknown as { rows: { id: number; status: string }[] }).rows.filter(
      (row) => row.status !== 'completed',
    ),
  ).toEqual([]);
  await expectLedgerClean({ database });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rolling restart under load', () => {
  it('restarts api1 then api2 (SIGTERM, exit, start, ready): no client sees a 5xx or a connection error; every acknowledged purchase is in the books', async () => {
    const fixtures = await givenLoadFixtures(2);
    const load = startClusterLoad({
      url: cluster.url,
      reads: reads(3),
      buyers: fixtures.buyers,
      priceId: fixtures.priceId,
      payments: fixtures.payments,
      retryFailedPurchases: false,
    });
    let report: LoadReport;
    try {
      await pause(2000);
      for (const name of ['api1', 'api2'] as const) {
        const exit = await cluster.restart(name);
        expect(exit, `${name} exits cleanly on SIGTERM`).toEqual({ code: 0, signal: null });
        // nginx sends it requests again once its fail_timeout (2 s) after the refused connections is over.
        await pause(3000);
      }
    } finally {
      report = await load.stop();
    }
    summary('rolling restart', report);
    if (report.failures.length > 0) console.info(nginxDiagnostics());
    expect(report.failures).toEqual([]);
    expect(report.connectionErrors).toBe(0);
    expect(Object.keys(report.statuses).filter((status) => Number(status) >= 500)).toEqual([]);
    expect(report.requests).toBeGreaterThan(200);
    await expectInTheBooks(report, fixtures);
  }, 240_000);
});

describe('failover: kill -9 of one API process under load', () => {
  it('reads never fail (nginx moves them); a purchase that failed is retried with its Idempotency-Key and charged once; the books stay clean', async () => {
    const fixtures = await givenLoadFixtures(3);
    const load = startClusterLoad({
      url: cluster.url,
      reads: reads(3),
      buyers: fixtures.buyers,
      priceId: fixtures.priceId,
      payments: fixtures.payments,
      retryFailedPurchases: true,
    });
    let report: LoadReport;
    try {
      await pause(2000);
      const exit = await cluster.kill('api1', 'SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      await pause(4000);
      await cluster.start('api1');
      await pause(3000);
    } finally {
      report = await load.stop();
    }
    summary('failover', report);
    const unanswered = report.purchases.filter((purchase) => purchase.status === 0 || purchase.status >= 500);
    const failedReads = report.failures.filter((failure) => failure.startsWith('GET'));
    if (unanswered.length + failedReads.length > 0) console.info(nginxDiagnostics());
    // GET is idempotent: nginx moved every read that met the dead process to the other one.
    expect(failedReads).toEqual([]);
    // Every purchase ended answered: acknowledged once, or refused cleanly (4xx), never left hanging.
    expect(report.purchases.filter((purchase) => purchase.status === 0 || purchase.status >= 500)).toEqual(
      [],
    );
    await expectInTheBooks(report, fixtures);
  }, 240_000);
});
