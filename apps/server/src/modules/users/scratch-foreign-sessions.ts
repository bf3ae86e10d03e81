// Scratch: deliberate violation of the owner rule for schema/sessions.ts.
export * as scratch8 from '@ember/db/schema/sessions';
