// The notifications module's public surface: code outside the module imports only from here (decision 0035).
export { DISCORD_DM_JOB, directMessageText } from './discord-direct-messages.ts';
export { createNotificationServices } from './notification-services.ts';
export { notificationsModule } from './notifications-module.ts';
export type { NotificationInput, Notify, NotifyAll } from './notify.ts';
