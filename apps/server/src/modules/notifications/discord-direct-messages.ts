import { describeNotification, type NotificationKind } from '@ember/contracts/notifications';
import { z } from 'zod';
import type { DiscordBot } from '../../integrations/discord/discord-bot.ts';
import { defineJob } from '../jobs/index.ts';
import { findUserProfiles } from '../users/index.ts';
import type { Db } from './db.ts';
import { findNotification, markDiscordSent } from './notifications.repository.ts';

export const DISCORD_DM_JOB = 'notifications-discord-dm';

/** The direct message's text: what happened, the sender's own words quoted, and where to act. */
export function directMessageText(
  notification: { kind: string; params: Record<string, string | number | null>; link: string },
  publicUrl: string,
): string {
  const { title, message } = describeNotification(notification.kind as NotificationKind, notification.params);
  return [title, message === null ? null : `> ${message}`, `${publicUrl}${notification.link}`]
    .filter((line) => line !== null)
    .join('\n');
}

/**
 * Sends a notification as a Discord direct message from the store's bot. A failure (Discord down,
 * rate limited) fails the attempt and pg-boss retries it with back-off; the action that caused the
 * notification committed long before. Sent once: the row records the sending, and the nonce makes
 * Discord keep one message when an answer was lost after it took the message.
 */
export function discordDirectMessageJobs(deps: {
  db: Db;
  clock: () => Date;
  bot: DiscordBot | null;
  publicUrl: string;
  retryDelaySeconds: number;
}) {
  const directMessage = defineJob({
    name: DISCORD_DM_JOB,
    payload: z.object({ notificationId: z.number().int().positive() }),
    retryLimit: 5,
    retryDelaySeconds: deps.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 60,
    handler: async ({ notificationId }) => {
      const notification = await findNotification(deps.db, notificationId);
      if (!notification) return { skipped: 'notification gone' };
      if (notification.discordSentAt) return { skipped: 'sent already' };
      if (!deps.bot) return { skipped: 'no Discord bot configured' };
      const receiver = (await findUserProfiles(deps.db, [notification.userId])).get(notification.userId);
      if (!receiver) return { skipped: 'account gone' };
      await deps.bot.sendDirectMessage(
        receiver.discordId,
        directMessageText(notification, deps.publicUrl),
        `ember-n${notification.id}`,
      );
      await markDiscordSent(deps.db, notification.id, deps.clock());
      return { sent: notification.id };
    },
  });
  return { directMessage, all: [directMessage] };
}
