// Scratch: deliberate violation of the owner rule for schema/users.ts.
export * as scratch11 from '@ember/db/schema/users';
