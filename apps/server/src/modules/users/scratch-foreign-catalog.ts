// Scratch: deliberate violation of the owner rule for schema/catalog.ts.
export * as scratch2 from '@ember/db/schema/catalog';
