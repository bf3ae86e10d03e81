import type { DiscordBot } from '../../integrations/discord/discord-bot.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Db } from './db.ts';
import { discordDirectMessageJobs } from './discord-direct-messages.ts';
import { createNotificationsService } from './notifications.service.ts';
import { createNotify } from './notify.ts';

/**
 * The notification centre: the `notify` port the other modules tell their events through, the
 * account's own reads, and the Discord direct-message job (sent only when a bot is configured).
 */
export function createNotificationServices(deps: {
  db: Db;
  clock: () => Date;
  bot: DiscordBot | null;
  publicUrl: string;
  /** Seconds before a failed direct message is retried (pg-boss, with back-off). */
  dmRetrySeconds: number;
  /** The app's job queue, read when a notification is written (it is built after the services). */
  jobs: () => Pick<JobQueue, 'sendMany'>;
}) {
  const jobs = discordDirectMessageJobs({ ...deps, retryDelaySeconds: deps.dmRetrySeconds });
  const { notify, notifyAll } = createNotify({
    clock: deps.clock,
    enqueueDirectMessages: deps.bot
      ? (tx, ids) =>
          deps.jobs().sendMany(
            jobs.directMessage,
            ids.map((notificationId) => ({ notificationId })),
            tx,
          )
      : null,
  });
  return { notify, notifyAll, service: createNotificationsService(deps), jobs };
}
