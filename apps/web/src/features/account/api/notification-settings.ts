import {
  NOTIFICATION_SETTINGS_SAVED_MESSAGE,
  type NotificationSettings,
  notificationSettings,
} from '@ember/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/query-keys/notifications.ts';
import { notify } from '../../../lib/toast/notify.ts';

/** GET shop /notifications/settings. */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiFetch('shop', '/notifications/settings', notificationSettings);
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationKeys.settings, queryFn: getNotificationSettings });
}

/** PUT shop /notifications/settings. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiFetch('shop', '/notifications/settings', notificationSettings, { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings, saved);
      void notify.success(NOTIFICATION_SETTINGS_SAVED_MESSAGE);
    },
  });
}
