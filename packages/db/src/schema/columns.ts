import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/** Integer identity key; "by default" so the seed can insert the fixed ids the product relies on (owner 3, plan 3). */
export const identityId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

const sqlList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

/** CHECK body restricting a text column to one of the contract enum values. */
export const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sqlList(values)})`;

/** CHECK body restricting every element of a text[] column to the contract enum values. */
export const isSubsetOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} <@ array[${sqlList(values)}]::text[]`;

export const isPercent = (column: AnyPgColumn): SQL => sql`${column} between 0 and 100`;

export const SHA256_HEX_PATTERN = '^[0-9a-f]{64}$';
