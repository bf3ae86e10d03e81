// Scratch: deliberate violation of the owner rule for schema/votes.ts.
export * as scratch12 from '@ember/db/schema/votes';
