// The one barrel of the package: drizzle needs every table and relation in one `schema` object.
export * from './audit.ts';
export * from './catalog.ts';
export * from './client-access.ts';
export * from './client-limits.ts';
export * from './commerce.ts';
export * from './delivery.ts';
export * from './discount-codes.ts';
export * from './payouts.ts';
export * from './relations.ts';
export * from './reviews.ts';
export * from './sessions.ts';
export * from './settings.ts';
export * from './subscriptions.ts';
export * from './users.ts';
export * from './votes.ts';
export * from './wallet.ts';
