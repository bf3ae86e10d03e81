import { clientSessions } from '@ember/db/schema/sessions';
import { and, count, eq, gt } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

export async function deleteSessionsOfUser(db: HandedDb, userId: number): Promise<number> {
  const deleted = await db
    .delete(clientSessions)
    .where(eq(clientSessions.userId, userId))
    .returning({ id: clientSessions.id });
  return deleted.length;
}

/** Sessions with a heartbeat after `since`, counted per plugin. */
export function countLiveSessionsOfUser(db: HandedDb, userId: number, since: Date) {
  return db
    .select({ pluginId: clientSessions.pluginId, pluginName: clientSessions.pluginName, active: count() })
    .from(clientSessions)
    .where(and(eq(clientSessions.userId, userId), gt(clientSessions.lastUpdate, since)))
    .groupBy(clientSessions.pluginId, clientSessions.pluginName);
}
