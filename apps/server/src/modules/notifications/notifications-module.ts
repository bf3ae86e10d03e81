import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import type { DiscordBot } from '../../integrations/discord/discord-bot.ts';
import type { JobQueue } from '../jobs/index.ts';
import { createNotificationServices } from './notification-services.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { reviewAnsweredNotifications } from './review-answered.ts';

/** What happened to an account, in its bell and as the bot's direct message (issue 35); shop base. */
export function notificationsModule(
  { env, db, clock }: ModuleContext,
  ports: { bot: DiscordBot | null; jobs: () => Pick<JobQueue, 'sendMany'> },
) {
  const notifications = createNotificationServices({
    db,
    clock,
    bot: ports.bot,
    publicUrl: env.PUBLIC_URL,
    dmRetrySeconds: env.NOTIFICATION_DM_RETRY_SECONDS,
    jobs: ports.jobs,
  });
  const { notify, notifyAll } = notifications;
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(notificationsRoutes, {
      prefix: env.API_SHOP_BASE,
      notifications: notifications.service,
    });
  };
  return {
    name: 'notifications',
    plugin,
    jobs: notifications.jobs.all,
    ports: { notify, notifyAll, reviewAnswered: reviewAnsweredNotifications(db, notify) },
  };
}
