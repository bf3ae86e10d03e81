import { clientSessions, sessionLogs } from '@ember/db/schema/sessions';
import type { Db } from '@ember/db/types';
import { eq, sql } from 'drizzle-orm';

// The sessions' part of an admin's account transfer (docs/decisions/0029-account-transfer.md); the
// users module runs it inside the transfer's transaction.

export const clientSessionsAccountTransfer = {
  /** Running game-client sessions and their logs (the sessions' history goes with them); how many sessions. */
  async move(tx: Db, fromUserId: number, toUserId: number): Promise<number> {
    const sessions = await tx
      .update(clientSessions)
      .set({ userId: toUserId })
      .where(eq(clientSessions.userId, fromUserId))
      .returning({ one: sql`1` });
    await tx
      .update(sessionLogs)
      .set({ userId: toUserId })
      .where(eq(sessionLogs.userId, fromUserId))
      .returning({ one: sql`1` });
    return sessions.length;
  },
};
