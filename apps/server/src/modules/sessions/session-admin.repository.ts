import { clientSessions } from '@ember/db/schema/sessions';
import { eq } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

const endedSessionColumns = {
  id: clientSessions.id,
  userId: clientSessions.userId,
  pluginId: clientSessions.pluginId,
  pluginName: clientSessions.pluginName,
  lastUpdate: clientSessions.lastUpdate,
};

export type EndedSession = {
  id: string;
  userId: number;
  pluginId: number;
  pluginName: string;
  lastUpdate: Date;
};

export async function findSession(db: HandedDb, id: string): Promise<EndedSession | undefined> {
  const [row] = await db.select(endedSessionColumns).from(clientSessions).where(eq(clientSessions.id, id));
  return row;
}

/** Ends one session; undefined when it had already ended (a concurrent call, a timeout). */
export async function deleteSession(db: HandedDb, id: string): Promise<EndedSession | undefined> {
  const [row] = await db
    .delete(clientSessions)
    .where(eq(clientSessions.id, id))
    .returning(endedSessionColumns);
  return row;
}

/** Ends every session of every user; how many there were. */
export async function deleteAllSessions(db: HandedDb): Promise<number> {
  const deleted = await db.delete(clientSessions).returning({ id: clientSessions.id });
  return deleted.length;
}
