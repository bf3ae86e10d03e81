import type { OrderSortKey } from '@ember/contracts/commerce';
import type { Sort } from '@ember/contracts/paging';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../../test-support/query-plan.ts';
import { type OrderFilters, ordersPageQuery } from './orders.repository.ts';

// The orders dashboard must stay fast on a big order book: with 20,000 orders and statistics
// gathered, every filter and sort the dashboard offers is read through an index, never by scanning
// every order.

const ORDERS = 20_000;
const BUYERS = 2_000;
const FIRST_BULK_DISCORD_ID = 810_000_000_000_000_000n;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // 2,000 buyers with 10 orders each; one order in 1,000 is disputed.
  await db.execute(sql`
    insert into users (discord_id, username, display_name)
    select (${FIRST_BULK_DISCORD_ID.toString()}::bigint + g)::text, 'bulkbuyer' || g, 'Bulk Buyer ' || g
    from generate_series(1, ${BUYERS}) g`);
  await db.execute(sql`
    insert into orders (buyer_id, product_id, product_name, payment_processor, currency, amount, unit_price, total, status, payment_id, creation_date)
    select (select min(id) from users where username like 'bulkbuyer%') + g % ${BUYERS}, 1 + g % 8, 'Bulk',
           (array['STRIPE', 'CRYPTO', 'GP'])[1 + g % 3], case when g % 3 = 2 then 'GP' else 'EUR' end,
           1 + g % 50, 100, (1 + g % 50) * 100,
           case when g % 1000 = 0 then 'disputed'
                else (array['pending', 'awaiting_payment', 'completed', 'failed', 'cancelled', 'expired', 'processing'])[1 + g % 7] end,
           'cs_bulk_' || g, now() - make_interval(mins => g)
    from generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze users`);
});

afterAll(async () => {
  await database?.close();
});

function planOf(filters: OrderFilters, sort: Sort<OrderSortKey> = { key: 'creationDate', order: 'desc' }) {
  return queryPlanOf(database.db, ordersPageQuery(database.db, filters, { page: 0, size: 10, sort }));
}

describe(`GET orders over ${ORDERS.toLocaleString('en')} orders`, () => {
  it.each<[string, OrderFilters, Sort<OrderSortKey> | undefined, RegExp]>([
    ['newest first (the default)', {}, undefined, /Index Scan( Backward)? using orders_creation_date_idx/],
    ['by total', {}, { key: 'totalPrice', order: 'asc' }, /Index Scan using orders_total_id_idx/],
    ['by status', {}, { key: 'orderStatus', order: 'asc' }, /orders_status_creation_date_idx/],
    ['by id', {}, { key: 'id', order: 'desc' }, /orders_pkey/],
    ['one status', { orderStatus: 'disputed' }, undefined, /orders_status_creation_date_idx/],
    ['one buyer', { buyerId: 5 }, undefined, /orders_buyer_id_creation_date_idx/],
    [
      'one processor',
      { paymentProcessor: 'CRYPTO' },
      undefined,
      /orders_payment_processor_creation_date_idx|orders_creation_date_idx/,
    ],
    [
      'one product',
      { productId: 3 },
      undefined,
      /orders_product_id_creation_date_idx|orders_creation_date_idx/,
    ],
    ['one payment id', { paymentId: 'cs_bulk_77' }, undefined, /orders_payment_id_idx/],
    ['one order id', { id: 1234 }, undefined, /orders_pkey/],
    ['a Discord id', { discordId: String(FIRST_BULK_DISCORD_ID + 7n) }, undefined, /users_discord_id_key/],
  ])('reads %s through an index', async (_what, filters, sort, index) => {
    const plan = await planOf(filters, sort);
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan on orders/);
  });
});
