import { asc } from 'drizzle-orm';
import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';
import { plans } from '../../schema/catalog.ts';
import { notificationSettings, notifications } from '../../schema/notifications.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays, addMinutes } from '../time.ts';

/** The bells of customer (a gift with a message, unread) and vip (an ending subscription, read). */
export async function seedNotifications({ db, now }: SeedContext): Promise<void> {
  const [plan] = await db
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .orderBy(asc(plans.id))
    .limit(1);
  if (!plan) return;
  await db.insert(notifications).values([
    {
      userId: U.customer,
      kind: 'GIFT_RECEIVED',
      idempotencyKey: 'demo:gift:customer',
      params: { sender: 'Vera VIP', planName: plan.name, message: 'Have fun with it!' },
      link: '/account',
      createdAt: addMinutes(now, -90),
    },
    {
      userId: U.vip,
      kind: 'SUBSCRIPTION_ENDING',
      idempotencyKey: 'demo:ending:vip',
      params: { planName: plan.name },
      link: `/shop/${plan.id}`,
      createdAt: addDays(now, -1),
      readAt: addDays(now, -1),
    },
  ]);
  // Asked on /account, and left off: a direct message needs the store's bot, which a demo has not.
  await db.insert(notificationSettings).values({ userId: U.customer, discordDirectMessages: false });
}
