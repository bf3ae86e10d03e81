// Scratch: deliberate violation of the owner rule for schema/audit.ts.
export * as scratch1 from '@ember/db/schema/audit';
