import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { plans } from '@ember/db/schema/catalog';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { type CuttableProxy, startCuttableProxy } from '../../../test-support/cuttable-proxy.ts';
import { postgresServerUrl } from '../../../test-support/jobs/job-test-helpers.ts';
import type { TestContext } from '../../../test-support/test-app.ts';
import { givenPlanOnSale } from '../../../test-support/test-data.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../config/env.ts';
import { withJwtSecret } from '../../config/jwt-secret.ts';
import { listenerNameOf } from './invalidation-bus.ts';

// Two API instances (buildApp, each with its own cache registry and LISTEN connection) on one
// PostgreSQL database, both keeping the catalog for 10 minutes (decision 0033): a write through one
// shows on the other within a second, and an instance whose LISTEN connection is lost never answers
// from its caches until it hears again. B's LISTEN connection goes through a proxy the test cuts.

const FIXTURE_DIST = fileURLToPath(new URL('../../../test-support/fixtures/web-dist', import.meta.url));
/** The port range of this test's servers (the proxy). */
const PORTS = { first: 3400, last: 3419 };

let database: TestDatabase;
let proxy: CuttableProxy;
let a: TestContext;
let b: TestContext;

async function startInstance(databaseUrl: string, jwtSecret: string, services = 'api'): Promise<TestContext> {
  const env = await withJwtSecret(
    parseEnv({
      NODE_ENV: 'test',
      SERVICES: services,
      JWT_SECRET: jwtSecret,
      DATABASE_URL: databaseUrl,
      SEED_ON_EMPTY: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      CATALOG_CACHE_SECONDS: '600',
      CATALOG_RANKING_SECONDS: '600',
    }),
  );
  const app: FastifyInstance = await buildApp({ env, database, webDistDir: FIXTURE_DIST });
  return { app, env, database, close: () => app.close() };
}

beforeAll(async () => {
  const serverUrl = postgresServerUrl();
  database = await createTestDatabase({ serverUrl }).catch((error: unknown) => {
    throw new Error(`The cache invalidation test needs PostgreSQL at ${serverUrl}: ${error}`);
  });
  const url = database.url as string;
  proxy = await startCuttableProxy(url, PORTS);
  const secret = randomBytes(32).toString('base64url');
  a = await startInstance(url, secret);
  b = await startInstance(proxy.url, secret);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await proxy?.close();
  await database?.close();
});

/** What a guest sees of a plan on an instance: its name in the shop list (searched by `search`) and on its page. */
async function seen(ctx: TestContext, planId: number, search: string) {
  const list = await ctx.app.inject({
    method: 'GET',
    url: `/api/shop/plans?name=${encodeURIComponent(search)}`,
  });
  const page = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans/${planId}` });
  expect(list.statusCode).toBe(200);
  expect(page.statusCode).toBe(200);
  const row = (list.json() as { content: { id: number; name: string }[] }).content.find(
    (plan) => plan.id === planId,
  );
  return { list: row?.name ?? null, page: (page.json() as { name: string }).name };
}

const both = (name: string) => ({ list: name, page: name });

/** Polls until `check` holds; answers the milliseconds it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

async function renameThroughApi(ctx: TestContext, planId: number, name: string) {
  const answer = await ctx.app.inject({
    method: 'PUT',
    url: `/api/shop/plans/${planId}`,
    headers: await asUser(ctx, 'developer'),
    payload: { name, description: 'A helper.' },
  });
  expect(answer.statusCode).toBe(200);
}

/**
 * A plan on sale that both instances know: made by a factory, then announced by a write through A
 * (a plan made behind the API waits for the search index's age, CATALOG_RANKING_SECONDS).
 */
async function givenAnnouncedPlan(name: string, search: string) {
  const plan = await givenPlanOnSale(a, { ownerId: DEMO_USER_IDS.developer, name });
  await renameThroughApi(a, plan.id, name);
  await within(1000, async () => (await seen(b, plan.id, search)).list === name);
  return plan;
}

/** A change no instance is told about (a factory, psql): only the caches' lifetime would show it. */
async function renameBehindTheApi(planId: number, name: string) {
  await database.db.update(plans).set({ name }).where(eq(plans.id, planId));
}

async function listenerPidOf(ctx: TestContext): Promise<number | null> {
  const result = await database.db.execute(
    sql`select pid from pg_stat_activity where application_name = ${listenerNameOf(ctx.app.caches.origin)}`,
  );
  const row = (result as unknown as { rows: { pid: number }[] }).rows[0];
  return row ? Number(row.pid) : null;
}

describe('the catalog caches of two instances on one database', () => {
  it('shows a write through A on B (shop list and plan page) within 1 s', async () => {
    const plan = await givenAnnouncedPlan('Bus Garnet Helper', 'Bus Garnet');
    expect(await seen(b, plan.id, 'Bus Garnet')).toEqual(both('Bus Garnet Helper'));
    // B keeps what it read: a change nobody is told about does not show there.
    await renameBehindTheApi(plan.id, 'Bus Garnet Unannounced');
    expect(await seen(b, plan.id, 'Bus Garnet')).toEqual(both('Bus Garnet Helper'));

    await renameThroughApi(a, plan.id, 'Bus Garnet Edited');
    // The writer sees its own write at once.
    expect(await seen(a, plan.id, 'Bus Garnet')).toEqual(both('Bus Garnet Edited'));
    const took = await within(1000, async () => {
      const onB = await seen(b, plan.id, 'Bus Garnet');
      return onB.list === 'Bus Garnet Edited' && onB.page === 'Bus Garnet Edited';
    });
    expect(took).toBeLessThan(1000);
    // And B keeps the new answer, the next 20 reads alike.
    for (let read = 0; read < 20; read++) {
      expect(await seen(b, plan.id, 'Bus Garnet')).toEqual(both('Bus Garnet Edited'));
    }
  });

  it('never answers from B’s caches while B cannot hear invalidations, and caches again once it can', async () => {
    const plan = await givenAnnouncedPlan('Bus Topaz Helper', 'Bus Topaz');
    expect(await seen(b, plan.id, 'Bus Topaz')).toEqual(both('Bus Topaz Helper'));
    expect(b.app.caches.caching).toBe(true);

    proxy.cut();
    await within(1000, async () => !b.app.caches.caching);
    // A's notification of this write never reaches B; B answers from the database.
    await renameThroughApi(a, plan.id, 'Bus Topaz Unheard');
    expect(await seen(b, plan.id, 'Bus Topaz')).toEqual(both('Bus Topaz Unheard'));
    // Nothing is kept meanwhile: even a change nobody announces shows at once.
    await renameBehindTheApi(plan.id, 'Bus Topaz Quiet');
    expect(await seen(b, plan.id, 'Bus Topaz')).toEqual(both('Bus Topaz Quiet'));

    proxy.restore();
    await within(15_000, async () => b.app.caches.caching);
    expect(await seen(b, plan.id, 'Bus Topaz')).toEqual(both('Bus Topaz Quiet'));
    // Caching again: an unannounced change waits for the lifetime ...
    await renameBehindTheApi(plan.id, 'Bus Topaz Later');
    expect(await seen(b, plan.id, 'Bus Topaz')).toEqual(both('Bus Topaz Quiet'));
    // ... and an announced one reaches B within a second: it hears again.
    await renameThroughApi(a, plan.id, 'Bus Topaz Heard');
    await within(1000, async () => {
      const onB = await seen(b, plan.id, 'Bus Topaz');
      return onB.list === 'Bus Topaz Heard' && onB.page === 'Bus Topaz Heard';
    });
  });

  it('hears a worker process, which tells the others but does not listen itself', async () => {
    const worker = await startInstance(database.url as string, a.env.JWT_SECRET, 'worker');
    try {
      expect(await listenerPidOf(worker)).toBeNull();
      expect(await listenerPidOf(b)).not.toBeNull();
      const plan = await givenAnnouncedPlan('Bus Opal Helper', 'Bus Opal');
      await renameBehindTheApi(plan.id, 'Bus Opal Quiet');
      expect(await seen(b, plan.id, 'Bus Opal')).toEqual(both('Bus Opal Helper'));
      // What a background job does after its transaction (a repository update registering plugins).
      await worker.app.caches.invalidate('catalog');
      await within(1000, async () => (await seen(b, plan.id, 'Bus Opal')).page === 'Bus Opal Quiet');
    } finally {
      await worker.close();
    }
  });

  it('drops B’s caches when its LISTEN backend is terminated, then listens again', async () => {
    const plan = await givenAnnouncedPlan('Bus Beryl Helper', 'Bus Beryl');
    expect(await seen(b, plan.id, 'Bus Beryl')).toEqual(both('Bus Beryl Helper'));
    await renameBehindTheApi(plan.id, 'Bus Beryl Missed');
    expect(await seen(b, plan.id, 'Bus Beryl')).toEqual(both('Bus Beryl Helper'));

    const before = await listenerPidOf(b);
    expect(before).not.toBeNull();
    await database.db.execute(sql`select pg_terminate_backend(${before})`);
    // B connects again under a new backend; what it kept before the loss is gone.
    await within(15_000, async () => {
      const now = await listenerPidOf(b);
      return now !== null && now !== before && b.app.caches.caching;
    });
    expect(await seen(b, plan.id, 'Bus Beryl')).toEqual(both('Bus Beryl Missed'));
    await renameThroughApi(a, plan.id, 'Bus Beryl Heard');
    await within(1000, async () => (await seen(b, plan.id, 'Bus Beryl')).page === 'Bus Beryl Heard');
  });
});
