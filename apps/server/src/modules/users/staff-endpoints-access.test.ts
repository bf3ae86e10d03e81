import diagnostics from 'node:diagnostics_channel';
import type { Role } from '@ember/contracts/enums';
import { effectiveRoles } from '@ember/contracts/policy';
import type { Db } from '@ember/db/types';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import type { Access } from '../../policy/identity.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

// Every route of the app whose declared `config.access` lets ADMIN or OWNER in, collected while the
// app is built, so routes other work adds are covered without touching this file. Each is called
// with a token of every role its gate does not admit (for an ADMIN- or OWNER-only route: CUSTOMER,
// DEVELOPER, PREMIUM_DEVELOPER, STAFF, PAYMENTS, VIP, and OWNER on admin routes / ADMIN on owner
// routes) and without a token: the answer is 403 with the policy's one message (401 without a
// token), and the database is left exactly as it was. Routes that also admit a role acting on its
// own resources (a premium developer's own payout receipt) are refused to the remaining roles here;
// whose resource it is, is each module's own test.

const STAFF: readonly Role[] = ['ADMIN', 'OWNER'];
/** The roles a caller may hold on their own (besides the implicit CUSTOMER). */
const OTHER_ROLES: readonly Role[] = [
  'CUSTOMER',
  'DEVELOPER',
  'PREMIUM_DEVELOPER',
  'STAFF',
  'PAYMENTS',
  'VIP',
];
const ALL_ROLES: readonly Role[] = [...OTHER_ROLES, ...STAFF];

interface StaffRoute {
  method: string;
  url: string;
  access: readonly Role[];
}

/** The roles a route's gate refuses: nothing they act as (a premium developer is a developer too) is admitted. */
const refusedBy = (route: StaffRoute) =>
  ALL_ROLES.filter((role) => !route.access.some((admitted) => effectiveRoles([role]).has(admitted)));

const isStaffOnly = (route: StaffRoute) => route.access.every((role) => STAFF.includes(role));

let ctx: TestContext;
const routes: StaffRoute[] = [];
const callers = new Map<Role, Record<string, string>>();

/** Routes as the app registers them: Fastify announces each new instance on this channel. */
function collectRoutes(routeList: StaffRoute[]) {
  const channel = diagnostics.channel('fastify.initialization');
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const access = route.config?.access as Access | undefined;
      if (!Array.isArray(access) || !access.some((role) => STAFF.includes(role))) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routeList.push({ method, url: route.url, access });
      }
    });
  };
  channel.subscribe(onInstance);
  return () => channel.unsubscribe(onInstance);
}

/** A concrete path: every `:param` (with or without a pattern) and wildcard becomes `1`. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '1').replace(/\*/g, '1');

/** The whole public schema, one digest per table: any insert, update or delete changes it. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const digests: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const result = (await db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest from ${sql.identifier(tablename)} t`,
    )) as unknown as { rows: { digest: string }[] };
    digests[tablename] = result.rows[0]?.digest ?? '';
  }
  return digests;
}

beforeAll(async () => {
  const stop = collectRoutes(routes);
  try {
    ctx = await createTestApp();
  } finally {
    stop();
  }
  for (const role of ALL_ROLES) {
    // Exactly one role (every account is also a CUSTOMER): the demo owner also holds ADMIN, so not it.
    const user = await givenUser(ctx, { roles: role === 'CUSTOMER' ? ['CUSTOMER'] : ['CUSTOMER', role] });
    callers.set(role, await headersFor(ctx, user.id));
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('routes that let ADMIN or OWNER in', () => {
  it('are found while the app is built (the admins’ users API among them)', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('GET /api/shop/users');
    expect(urls).toContain('POST /api/shop/users/:userId/transfer-account');
    // An ADMIN- or OWNER-only route is tried with all six ordinary roles and the other staff role.
    for (const route of routes.filter(isStaffOnly)) {
      expect(refusedBy(route), route.url).toEqual(
        expect.arrayContaining([...OTHER_ROLES, ...STAFF.filter((role) => !route.access.includes(role))]),
      );
    }
  });

  it('refuse every role they do not admit with 403, a caller without a token with 401, and change nothing', async () => {
    const before = await fingerprint(ctx.database.db);
    const wrong: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const url = concrete(route.url);
      const send = (headers: Record<string, string>) => {
        calls++;
        return ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
      };
      for (const role of refusedBy(route)) {
        const res = await send(callers.get(role) ?? {});
        const message = res.statusCode === 403 ? res.json().message : undefined;
        if (res.statusCode !== 403 || message !== REFUSAL_MESSAGES.ROLE) {
          wrong.push(`${route.method} ${route.url} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      const guest = await send({});
      if (guest.statusCode !== 401)
        wrong.push(`${route.method} ${route.url} without a token: ${guest.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length);
    expect(await fingerprint(ctx.database.db)).toEqual(before);
  });

  it('let the staff role they name past the gate, so the refusals above are not vacuous', async () => {
    const refusedAtGate: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const role = route.access.find((admitted) => STAFF.includes(admitted)) as Role;
      const res = await ctx.app.inject({
        method: 'GET',
        url: concrete(route.url),
        headers: callers.get(role),
      });
      if (
        res.statusCode === 401 ||
        (res.statusCode === 403 && res.json().message === REFUSAL_MESSAGES.ROLE)
      ) {
        refusedAtGate.push(`${route.url} as ${role}: ${res.statusCode}`);
      }
    }
    expect(refusedAtGate).toEqual([]);
  });
});
