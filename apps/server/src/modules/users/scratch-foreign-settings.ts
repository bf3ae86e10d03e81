// Scratch: deliberate violation of the owner rule for schema/settings.ts.
export * as scratch9 from '@ember/db/schema/settings';
