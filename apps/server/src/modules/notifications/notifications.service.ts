import {
  describeNotification,
  type NotificationKind,
  type NotificationResponse,
  type NotificationSettings,
  type NotificationsPage,
} from '@ember/contracts/notifications';
import { totalPagesOf } from '@ember/contracts/paging';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import type { Db } from './db.ts';
import {
  countNotificationsOfUser,
  countUnread,
  findNotificationsOfUser,
  markNotificationsRead,
  saveDiscordDirectMessages,
  wantsDiscordDirectMessages,
} from './notifications.repository.ts';

type NotificationRow = Awaited<ReturnType<typeof findNotificationsOfUser>>[number];

export function toNotificationResponse(row: NotificationRow): NotificationResponse {
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    kind,
    ...describeNotification(kind, row.params),
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The signed-in account's own notification centre. */
export function createNotificationsService({ db, clock }: { db: Db; clock: () => Date }) {
  const own = (principal: Principal, action: 'notification:read' | 'notification:update') => {
    authorize(principal, action, { userId: principal.userId });
    return principal.userId;
  };

  return {
    async list(principal: Principal, page: { page: number; size: number }): Promise<NotificationsPage> {
      const userId = own(principal, 'notification:read');
      const [rows, total] = await Promise.all([
        findNotificationsOfUser(db, userId, page),
        countNotificationsOfUser(db, userId),
      ]);
      return { content: rows.map(toNotificationResponse), totalPages: totalPagesOf(total, page.size) };
    },

    async unreadCount(principal: Principal) {
      return { unread: await countUnread(db, own(principal, 'notification:read')) };
    },

    async markRead(principal: Principal, ids: number[]) {
      const userId = own(principal, 'notification:update');
      await markNotificationsRead(db, userId, ids, clock());
      return { unread: await countUnread(db, userId) };
    },

    async settings(principal: Principal): Promise<NotificationSettings> {
      const userId = own(principal, 'notification:read');
      return { discordDirectMessages: await wantsDiscordDirectMessages(db, userId) };
    },

    async saveSettings(principal: Principal, settings: NotificationSettings): Promise<NotificationSettings> {
      await saveDiscordDirectMessages(
        db,
        own(principal, 'notification:update'),
        settings.discordDirectMessages,
      );
      return settings;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
