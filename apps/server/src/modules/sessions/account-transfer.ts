import { moveAccountRows } from '@ember/db/account-rows';
import { clientSessions, sessionLogs } from '@ember/db/schema/sessions';
import type { HandedDb } from './db.ts';
import { moveSessionLogUserDays } from './session-logs.repository.ts';

// The sessions' part of an admin's account transfer (docs/decisions/0029-account-transfer.md); the
// users module runs it inside the transfer's transaction.

export const clientSessionsAccountTransfer = {
  /** Running game-client sessions and their logs (the sessions' history goes with them); how many sessions. */
  async move(tx: HandedDb, fromUserId: number, toUserId: number): Promise<number> {
    const moved = await moveAccountRows(tx, clientSessions, clientSessions.userId, fromUserId, toUserId);
    await moveAccountRows(tx, sessionLogs, sessionLogs.userId, fromUserId, toUserId);
    await moveSessionLogUserDays(tx, fromUserId, toUserId);
    return moved;
  },
};
