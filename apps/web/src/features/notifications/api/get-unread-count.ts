import { type UnreadCountResponse, unreadCountResponse } from '@ember/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/query-keys/notifications.ts';

/** How often the bell asks again while the tab is visible. */
export const UNREAD_POLL_MS = 60_000;

/** GET shop /notifications/unread-count: what the bell shows (counted up to 100). */
export function getUnreadCount(): Promise<UnreadCountResponse> {
  return apiFetch('shop', '/notifications/unread-count', unreadCountResponse);
}

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: getUnreadCount,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
