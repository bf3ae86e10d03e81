import type { NotificationKind, NotificationParams } from '@ember/contracts/notifications';
import type { HandedDb } from './db.ts';
import { insertNotificationsOnce, usersAllowingDirectMessages } from './notifications.repository.ts';

/** One event told to one account. */
export interface NotificationInput {
  userId: number;
  kind: NotificationKind;
  /** Names the event, not the attempt (`gift:{subscriptionId}`): the same key is never told twice. */
  idempotencyKey: string;
  params: NotificationParams;
  /** A path of the web app where the receiver acts on it. */
  link: string;
}

/**
 * The port every module tells its events through. Call it with the transaction of the cause
 * (a transaction is also a `db`): the notice commits or rolls back with what it tells about.
 */
export type Notify = (tx: HandedDb, input: NotificationInput) => Promise<void>;

/** Many events at once (a sweep's findings), in one statement. */
export type NotifyAll = (tx: HandedDb, inputs: readonly NotificationInput[]) => Promise<void>;

export interface NotifyDeps {
  clock: () => Date;
  /** Enqueues the Discord direct messages in the same transaction (pg-boss through `tx`). */
  enqueueDirectMessages: ((tx: HandedDb, notificationIds: number[]) => Promise<void>) | null;
}

export function createNotify({ clock, enqueueDirectMessages }: NotifyDeps): {
  notify: Notify;
  notifyAll: NotifyAll;
} {
  const notifyAll: NotifyAll = async (tx, inputs) => {
    if (inputs.length === 0) return;
    const createdAt = clock();
    const written = await insertNotificationsOnce(
      tx,
      inputs.map((input) => ({ ...input, createdAt })),
    );
    if (written.length === 0 || !enqueueDirectMessages) return;
    const allowing = await usersAllowingDirectMessages(tx, [...new Set(written.map((row) => row.userId))]);
    const ids = written.filter((row) => allowing.has(row.userId)).map((row) => row.id);
    if (ids.length > 0) await enqueueDirectMessages(tx, ids);
  };
  return { notify: (tx, input) => notifyAll(tx, [input]), notifyAll };
}
