import { clientSessions } from '@ember/db/schema/sessions';
import type { Db } from '@ember/db/types';
import { eq } from 'drizzle-orm';

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<number> {
  const deleted = await db
    .delete(clientSessions)
    .where(eq(clientSessions.userId, userId))
    .returning({ id: clientSessions.id });
  return deleted.length;
}
