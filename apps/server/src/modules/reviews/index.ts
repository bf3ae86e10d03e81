// The reviews module's public surface: code outside the module imports only from here (decision 0035).

export { NO_REVIEW_NOTIFICATIONS, type ReviewNotifications } from './reviews.service.ts';
export { reviewsModule } from './reviews-module.ts';
