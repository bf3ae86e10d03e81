import type { NotificationKind, NotificationParams } from '@ember/contracts/notifications';
import type { Db } from '@ember/db/types';
import { insertNotificationOnce, wantsDiscordDirectMessages } from './notifications.repository.ts';

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
export type Notify = (tx: Db, input: NotificationInput) => Promise<void>;

export interface NotifyDeps {
  clock: () => Date;
  /** Enqueues the Discord direct message in the same transaction (pg-boss through `tx`). */
  enqueueDirectMessage: ((tx: Db, notificationId: number) => Promise<void>) | null;
}

export function createNotify({ clock, enqueueDirectMessage }: NotifyDeps): Notify {
  return async (tx, input) => {
    const id = await insertNotificationOnce(tx, { ...input, createdAt: clock() });
    if (id === null || !enqueueDirectMessage) return;
    if (await wantsDiscordDirectMessages(tx, input.userId)) await enqueueDirectMessage(tx, id);
  };
}
