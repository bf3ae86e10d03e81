// Scratch: deliberate violation of the owner rule for schema/client-access.ts.
export * as scratch3 from '@ember/db/schema/client-access';
