// Scratch: deliberate violation of the owner rule for schema/subscriptions.ts.
export * as scratch10 from '@ember/db/schema/subscriptions';
