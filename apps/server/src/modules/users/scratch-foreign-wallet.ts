// Scratch: deliberate violation of the owner rule for schema/wallet.ts.
export * as scratch13 from '@ember/db/schema/wallet';
