// Scratch: deliberate violation of the owner rule for schema/payouts.ts.
export * as scratch7 from '@ember/db/schema/payouts';
