import { pageNumberParam, pageOf, pageSizeParam } from './paging.ts';
import { z } from './zod.ts';

// Contracts of the notification centre (issue 35, item 5): what happened to an account, told once
// in the bell and, when the account allows it, in a Discord direct message.

export const NOTIFICATION_KINDS = [
  'GIFT_RECEIVED',
  'GP_TRADE_COMPLETED',
  'SUBSCRIPTION_ENDING',
  'SUBSCRIPTION_ENDED',
  'PAUSE_ENDED',
  'PAYOUT_PAID',
  'REPO_UPDATE_FAILED',
  'REPO_UPDATE_PUBLISHED',
  'REVIEW_ANSWERED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The facts of an event, as stored with its notification and turned into words where it is shown. */
export type NotificationParams = Record<string, string | number | null>;

/** The gift dialog's optional message (plain text, one short paragraph). */
export const GIFT_MESSAGE_MAX_LENGTH = 200;
export const GIFT_MESSAGE_TOO_LONG_MESSAGE = `The gift message can be at most ${GIFT_MESSAGE_MAX_LENGTH} characters.`;
export const GIFT_MESSAGE_PLAIN_TEXT_MESSAGE = 'The gift message must be plain text on one line.';

export const giftMessage = z
  .string({ error: GIFT_MESSAGE_PLAIN_TEXT_MESSAGE })
  .trim()
  .max(GIFT_MESSAGE_MAX_LENGTH, GIFT_MESSAGE_TOO_LONG_MESSAGE)
  // Plain text: no line breaks or other control characters, no markup.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .regex(/^[^\u0000-\u001f\u007f<>]*$/, GIFT_MESSAGE_PLAIN_TEXT_MESSAGE)
  .transform((value) => (value === '' ? undefined : value));

/** POST /subscriptions/gift's optional body: a message for the receiver. */
export const giftBody = z
  .object({ message: giftMessage.optional() })
  .strict()
  // No body at all (the spec's gift sends none) is a gift without a message.
  .nullish()
  .transform((body) => body ?? {});

const str = (params: NotificationParams, key: string) => String(params[key] ?? '');

/** What a notification says: one line, and the gift's message (the sender's words) apart from it. */
export function describeNotification(
  kind: NotificationKind,
  params: NotificationParams,
): { title: string; message: string | null } {
  const title = ((): string => {
    switch (kind) {
      case 'GIFT_RECEIVED':
        return `${str(params, 'sender')} gifted you ${str(params, 'planName')}`;
      case 'GP_TRADE_COMPLETED':
        return `Your GP trade for ${str(params, 'productName')} (order #${str(params, 'orderId')}) is completed`;
      case 'SUBSCRIPTION_ENDING':
        return `Your subscription to ${str(params, 'planName')} ends in 3 days`;
      case 'SUBSCRIPTION_ENDED':
        return `Your subscription to ${str(params, 'planName')} has ended`;
      case 'PAUSE_ENDED':
        return `Your pause of ${str(params, 'planName')} is over: the subscription runs again`;
      case 'PAYOUT_PAID':
        return `Your payout #${str(params, 'payoutId')} was paid`;
      case 'REPO_UPDATE_FAILED':
        return `The update of ${str(params, 'repository')} failed: ${str(params, 'reason')}`;
      case 'REPO_UPDATE_PUBLISHED':
        return `The update of ${str(params, 'repository')} is published`;
      case 'REVIEW_ANSWERED':
        return `${str(params, 'developer')} answered your review of ${str(params, 'planName')}`;
    }
  })();
  const message = typeof params.message === 'string' && params.message !== '' ? params.message : null;
  return { title, message };
}

export const notificationResponse = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  /** The sender's own words (a gift's message), shown as plain text. */
  message: z.string().nullable(),
  /** Where to act: a path of the web app. */
  link: z.string().startsWith('/'),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type NotificationResponse = z.infer<typeof notificationResponse>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /notifications?page&size: newest first. */
export const notificationsQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(NOTIFICATIONS_PAGE_SIZE, 100),
});
export const notificationsPage = pageOf(notificationResponse);
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** The bell counts up to this many; more shows as "99+". */
export const UNREAD_COUNT_CAP = 100;

/** GET /notifications/unread-count. */
export const unreadCountResponse = z.object({ unread: z.number().int().min(0).max(UNREAD_COUNT_CAP) });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** POST /notifications/read: the caller's notifications they have seen (others' ids change nothing). */
export const markReadBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(100),
});

/** GET and PUT /notifications/settings. */
export const notificationSettings = z.object({ discordDirectMessages: z.boolean() }).strict();
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const NOTIFICATION_SETTINGS_SAVED_MESSAGE = 'Notification settings saved';
