import type { EndedSessionsResponse } from '@ember/contracts/sessions';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { auditEvents } from '@ember/db/schema/audit';
import { clientSessions } from '@ember/db/schema/sessions';
import { makeClientSession } from '@ember/db/seed/factories';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const ctx = useTestApp();

const U = DEMO_USER_IDS;
type Viewer = Parameters<typeof asUser>[1];

async function givenSession(userId: number, pluginId = 0): Promise<string> {
  const [row] = await ctx.database.db
    .insert(clientSessions)
    .values(
      makeClientSession({ userId, pluginId, pluginName: pluginId === 0 ? 'Client' : `Plugin ${pluginId}` }),
    )
    .returning({ id: clientSessions.id });
  if (!row) throw new Error('no session inserted');
  return row.id;
}

async function sessionExists(id: string): Promise<boolean> {
  const rows = await ctx.database.db.select().from(clientSessions).where(eq(clientSessions.id, id));
  return rows.length === 1;
}

async function sessionsOf(userId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(clientSessions)
    .where(eq(clientSessions.userId, userId));
  return row?.n ?? 0;
}

const eventsOn = (kind: string, id: string | number) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetKind, kind), eq(auditEvents.targetId, String(id))));

async function call(
  viewer: Viewer | Record<string, string>,
  method: 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const headers = typeof viewer === 'string' ? await asUser(ctx, viewer) : viewer;
  return ctx.app.inject({ method, url: `/api/shop${url}`, headers, ...(payload ? { payload } : {}) });
}

const ROLE_REFUSAL = { message: REFUSAL_MESSAGES.ROLE };

describe('PUT /sessions/kill', () => {
  it('lets an admin kill a session: it is gone, the toast text answers, and the audit trail says who', async () => {
    const id = await givenSession(U.customer);
    const res = await call('admin', 'PUT', '/sessions/kill', { id });
    expect(res.statusCode).toBe(200);
    expect(res.json<EndedSessionsResponse>()).toEqual({ message: 'Session killed!', ended: 1 });
    expect(await sessionExists(id)).toBe(false);
    const [event] = await eventsOn('SESSION', id);
    expect(event).toMatchObject({
      actorId: U.admin,
      actorRole: 'ADMIN',
      action: 'session:kill',
      before: { userId: U.customer, pluginId: 0, pluginName: 'Client' },
      after: null,
    });
    expect(event?.requestId).toBeTruthy();
  });

  it('refuses customers and staff, and leaves the session running', async () => {
    const id = await givenSession(U.customer);
    for (const viewer of ['customer', 'staff'] as const) {
      const res = await call(viewer, 'PUT', '/sessions/kill', { id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(ROLE_REFUSAL);
    }
    expect(await sessionExists(id)).toBe(true);
  });

  it('answers 404 for a session that has already ended, and 400 for a malformed id', async () => {
    const id = await givenSession(U.vip);
    expect((await call('admin', 'PUT', '/sessions/kill', { id })).statusCode).toBe(200);
    const again = await call('admin', 'PUT', '/sessions/kill', { id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'No running session has this id: it has already ended.' });
    const bad = await call('admin', 'PUT', '/sessions/kill', { id: 'not-a-session' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/session id/);
    expect((await call('admin', 'PUT', '/sessions/kill', {})).statusCode).toBe(400);
  });
});

describe('DELETE /sessions/disconnect?id', () => {
  it('lets an admin disconnect a session, recorded as a disconnect', async () => {
    const id = await givenSession(U.vip, 65535);
    const res = await call('admin', 'DELETE', `/sessions/disconnect?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Disconnected!', ended: 1 });
    expect(await sessionExists(id)).toBe(false);
    expect((await eventsOn('SESSION', id)).map((event) => event.action)).toEqual(['session:disconnect']);
  });

  it('refuses a customer, and asks for an id', async () => {
    const id = await givenSession(U.customer);
    expect((await call('customer', 'DELETE', `/sessions/disconnect?id=${id}`)).statusCode).toBe(403);
    expect(await sessionExists(id)).toBe(true);
    const missing = await call('admin', 'DELETE', '/sessions/disconnect');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBeTruthy();
  });
});

describe('PUT /sessions (delete one)', () => {
  it('lets a user delete their own session, which is not a staff action and so not audited', async () => {
    const user = await givenUser(ctx);
    const id = await givenSession(user.id);
    const res = await call(await headersFor(ctx, user.id), 'PUT', '/sessions', { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Session deleted!', ended: 1 });
    expect(await sessionExists(id)).toBe(false);
    expect(await eventsOn('SESSION', id)).toEqual([]);
  });

  it("refuses another account's session to a customer, but lets an admin delete it (audited)", async () => {
    const id = await givenSession(U.vip);
    const stranger = await call('customer', 'PUT', '/sessions', { id });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    expect(await sessionExists(id)).toBe(true);
    const res = await call('admin', 'PUT', '/sessions', { id });
    expect(res.statusCode).toBe(200);
    expect((await eventsOn('SESSION', id)).map((event) => [event.action, event.actorId])).toEqual([
      ['session:delete', U.admin],
    ]);
  });
});

describe('DELETE /sessions/by-user/{id}', () => {
  it("ends every session of one user and no one else's", async () => {
    const user = await givenUser(ctx);
    await givenSession(user.id);
    await givenSession(user.id, 65535);
    const othersBefore = await sessionsOf(U.vip);
    const res = await call('admin', 'DELETE', `/sessions/by-user/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Database flushed!', ended: 2 });
    expect(await sessionsOf(user.id)).toBe(0);
    expect(await sessionsOf(U.vip)).toBe(othersBefore);
    const [event] = await eventsOn('USER', user.id);
    expect(event).toMatchObject({
      action: 'session:delete',
      before: { sessions: 2 },
      after: { sessions: 0 },
    });
  });

  it('shows the user no running session afterwards', async () => {
    const user = await givenUser(ctx);
    await givenSession(user.id);
    const headers = await headersFor(ctx, user.id);
    const summary = () =>
      ctx.app.inject({ method: 'GET', url: `/api/shop/sessions/by-user/${user.id}`, headers });
    expect((await summary()).json()[0]).toMatchObject({ pluginId: 0, active: 1 });
    await call('admin', 'DELETE', `/sessions/by-user/${user.id}`);
    expect((await summary()).json()[0]).toMatchObject({ pluginId: 0, active: 0 });
  });

  it("refuses a customer another account's sessions; 404 for no such user, 400 for a bad id", async () => {
    const before = await sessionsOf(U.vip);
    const stranger = await call('customer', 'DELETE', `/sessions/by-user/${U.vip}`);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    expect(await sessionsOf(U.vip)).toBe(before);
    expect((await call('admin', 'DELETE', '/sessions/by-user/999999')).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/sessions/by-user/abc')).statusCode).toBe(400);
  });
});

// Last: it ends the sessions the other tests of this file rely on.
describe('DELETE /sessions/flush', () => {
  it('refuses customers and staff', async () => {
    for (const viewer of ['customer', 'staff'] as const) {
      const res = await call(viewer, 'DELETE', '/sessions/flush');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(ROLE_REFUSAL);
    }
    const [row] = await ctx.database.db.select({ n: count() }).from(clientSessions);
    expect(row?.n).toBeGreaterThan(0);
  });

  it('lets an admin end every session of every user, audited with how many there were', async () => {
    await givenSession(U.customer);
    const [before] = await ctx.database.db.select({ n: count() }).from(clientSessions);
    const res = await call('admin', 'DELETE', '/sessions/flush');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sessions cleared!', ended: before?.n });
    const [after] = await ctx.database.db.select({ n: count() }).from(clientSessions);
    expect(after?.n).toBe(0);
    const [event] = await eventsOn('SESSION', 'all');
    expect(event).toMatchObject({
      actorId: U.admin,
      action: 'session:clear-all',
      before: { sessions: before?.n },
      after: { sessions: 0 },
    });
  });
});
