export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (params: unknown) => ['notifications', 'page', params] as const,
  settings: ['notifications', 'settings'] as const,
};
