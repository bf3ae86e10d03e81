// Scratch: deliberate violation of the owner rule for schema/commerce.ts.
export * as scratch4 from '@ember/db/schema/commerce';
