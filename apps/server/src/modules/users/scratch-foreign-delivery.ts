// Scratch: deliberate violation of the owner rule for schema/delivery.ts.
export * as scratch5 from '@ember/db/schema/delivery';
