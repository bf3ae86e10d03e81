import { type NotificationsPage, notificationsPage } from '@ember/contracts/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/query-keys/notifications.ts';

export interface NotificationsParams {
  /** From 0. */
  page: number;
  size: number;
}

/** GET shop /notifications?page&size: the caller's notifications, newest first. */
export function getNotifications({ page, size }: NotificationsParams): Promise<NotificationsPage> {
  return apiFetch('shop', '/notifications', notificationsPage, { query: { page, size } });
}

/** Keeps the page on screen while the next one loads. */
export function useNotifications(params: NotificationsParams) {
  return useQuery({
    queryKey: notificationKeys.page(params),
    queryFn: () => getNotifications(params),
    placeholderData: keepPreviousData,
  });
}
