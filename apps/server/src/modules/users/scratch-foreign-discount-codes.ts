// Scratch: deliberate violation of the owner rule for schema/discount-codes.ts.
export * as scratch6 from '@ember/db/schema/discount-codes';
