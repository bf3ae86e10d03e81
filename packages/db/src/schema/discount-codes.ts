import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { prices } from './catalog.ts';
import { createdAt, timestamptz } from './columns.ts';

/** The id is the code a buyer types (upper-case letters, digits, `-` and `_`). */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: text('id').primaryKey(),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    discountPercent: integer('discount_percent').notNull(),
    /** 0 = unlimited. */
    maxUses: integer('max_uses').notNull().default(0),
    uses: integer('uses').notNull().default(0),
    /** null = no end date. */
    validUntil: timestamptz('valid_until'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('discount_codes_price_id_idx').on(t.priceId),
    check('discount_codes_id_format', sql`${t.id} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('discount_codes_discount_percent_range', sql`${t.discountPercent} between 1 and 100`),
    check('discount_codes_max_uses_not_negative', sql`${t.maxUses} >= 0`),
    check(
      'discount_codes_uses_within_max',
      sql`${t.uses} >= 0 and (${t.maxUses} = 0 or ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

export type DiscountCode = typeof discountCodes.$inferSelect;
export type NewDiscountCode = typeof discountCodes.$inferInsert;
