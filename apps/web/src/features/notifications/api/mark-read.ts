import { unreadCountResponse } from '@ember/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/query-keys/notifications.ts';

/** POST shop /notifications/read: the notifications the reader has now seen; answers the unread count. */
export function markNotificationsRead(ids: number[]) {
  return apiFetch('shop', '/notifications/read', unreadCountResponse, { method: 'POST', body: { ids } });
}

/** Marks what the page shows read; the bell takes the new count at once. The list keeps its read marks until it is read again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.unread, answer),
  });
}
