import type { OrderSortKey } from '@ember/contracts/commerce';
import type { OrderStatus, PaymentProcessor } from '@ember/contracts/enums';
import type { Sort } from '@ember/contracts/paging';
import { type NewOrder, type Order, orders, products } from '@ember/db/schema/commerce';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { countedTotal, firstRowOrNull } from '../../lib/first-row.ts';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

// Reads and writes of orders (owned by the commerce module). Status changes go through
// order-transitions.ts only: `updateOrderRow` is called from there and nowhere else.

export async function insertOrder(tx: HandedDb, order: NewOrder): Promise<Order> {
  const [row] = await tx.insert(orders).values(order).returning();
  if (!row) throw new Error('order insert returned no row');
  return row;
}

/** The order row, locked FOR UPDATE until the transaction ends: every change of one order queues here. */
export function lockOrder(tx: HandedDb, id: number): Promise<Order | null> {
  return firstRowOrNull(tx.select().from(orders).where(eq(orders.id, id)).for('update'));
}

export function findOrderRow(db: HandedDb, id: number): Promise<Order | null> {
  return firstRowOrNull(db.select().from(orders).where(eq(orders.id, id)));
}

export async function updateOrderRow(tx: HandedDb, id: number, changes: Partial<NewOrder>): Promise<Order> {
  const [row] = await tx.update(orders).set(changes).where(eq(orders.id, id)).returning();
  if (!row) throw new Error(`order ${id} vanished inside its transaction`);
  return row;
}

/**
 * Flags the order for staff with `reason`, added to any reason already there (once), keeping the
 * first time it was flagged. Returns the reason before and after.
 */
export async function addNeedsStaff(tx: HandedDb, id: number, reason: string, now: Date) {
  const [before] = await tx
    .select({ reason: orders.needsStaffReason })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  const previous = before?.reason ?? null;
  const next = previous === null ? reason : previous.includes(reason) ? previous : `${previous} ${reason}`;
  if (next !== previous) {
    await tx
      .update(orders)
      .set({ needsStaffReason: next, needsStaffSince: sql`coalesce(${orders.needsStaffSince}, ${now})` })
      .where(eq(orders.id, id));
  }
  return { previous, next };
}

/** Clears the flag; the reason it had, or null when it had none. */
export async function clearNeedsStaff(tx: HandedDb, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ reason: orders.needsStaffReason })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!row?.reason) return null;
  await tx.update(orders).set({ needsStaffReason: null, needsStaffSince: null }).where(eq(orders.id, id));
  return row.reason;
}

/** Fixes the expiry of the checkout attempt being opened (null once the attempt is recorded). */
export async function setCheckoutExpiresAt(tx: HandedDb, id: number, at: Date | null) {
  await tx.update(orders).set({ checkoutExpiresAt: at }).where(eq(orders.id, id));
}

/** How many orders need staff (partial index orders_needs_staff_since_idx). */
export function countOrdersNeedingStaff(db: HandedDb): Promise<number> {
  return countedTotal(db.select({ total: count() }).from(orders).where(isNotNull(orders.needsStaffSince)));
}

const viewColumns = {
  order: orders,
  buyer: {
    id: userProfiles.id,
    discordId: userProfiles.discordId,
    displayName: userProfiles.displayName,
    username: userProfiles.username,
  },
  product: {
    id: products.id,
    name: products.name,
    kind: products.kind,
    paymentProcessor: products.paymentProcessor,
    currency: products.currency,
    priceUnit: products.priceUnit,
    unitSize: products.unitSize,
  },
};

export type OrderViewRow = {
  order: Order;
  buyer: { id: number; discordId: string; displayName: string; username: string };
  product: {
    id: number;
    name: string;
    kind: 'CREDITS' | 'GP' | 'VIP';
    paymentProcessor: PaymentProcessor;
    currency: 'EUR' | 'GP' | 'CREDITS';
    priceUnit: string;
    unitSize: number;
  };
};

function selectViews(db: HandedDb) {
  return db
    .select(viewColumns)
    .from(orders)
    .innerJoin(userProfiles, eq(userProfiles.id, orders.buyerId))
    .innerJoin(products, eq(products.id, orders.productId));
}

export function findOrderView(db: HandedDb, id: number) {
  return firstRowOrNull(selectViews(db).where(eq(orders.id, id)));
}

export function findCompleter(db: HandedDb, userId: number) {
  return firstRowOrNull(
    db
      .select({ id: userProfiles.id, username: userProfiles.username })
      .from(userProfiles)
      .where(eq(userProfiles.id, userId)),
  );
}

/** The buyer's orders, newest first (index orders_buyer_id_creation_date_idx). */
export function findOrdersOfBuyer(db: HandedDb, buyerId: number, limit: number) {
  return selectViews(db)
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.creationDate), desc(orders.id))
    .limit(limit);
}

export interface OrderFilters {
  search?: string;
  id?: number;
  buyerId?: number;
  discordId?: string;
  orderStatus?: OrderStatus;
  paymentProcessor?: PaymentProcessor;
  productId?: number;
  paymentId?: string;
  needsStaff?: boolean;
}

function whereOf(filters: OrderFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.id ? eq(orders.id, filters.id) : undefined,
    filters.buyerId ? eq(orders.buyerId, filters.buyerId) : undefined,
    filters.discordId ? eq(userProfiles.discordId, filters.discordId) : undefined,
    filters.orderStatus ? eq(orders.status, filters.orderStatus) : undefined,
    filters.paymentProcessor ? eq(orders.paymentProcessor, filters.paymentProcessor) : undefined,
    filters.productId ? eq(orders.productId, filters.productId) : undefined,
    filters.paymentId ? eq(orders.paymentId, filters.paymentId) : undefined,
    filters.needsStaff === undefined
      ? undefined
      : filters.needsStaff
        ? isNotNull(orders.needsStaffSince)
        : sql`${orders.needsStaffSince} is null`,
  ];
  const text = filters.search;
  if (text) {
    // Exact matches only, each served by an index: an order id, buyer id, Discord id or payment id.
    const asId = /^[0-9]{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
    conditions.push(
      or(
        eq(orders.paymentId, text),
        eq(userProfiles.discordId, text),
        ...(asId ? [eq(orders.id, asId), eq(orders.buyerId, asId)] : []),
      ),
    );
  }
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? and(...present) : undefined;
}

/** Each sort's columns, ending in the id; each prefix is an index (orders_*_idx, migration 0012). */
const SORT_COLUMNS = {
  creationDate: [orders.creationDate, orders.id],
  id: [orders.id],
  totalPrice: [orders.total, orders.id],
  orderStatus: [orders.status, orders.creationDate, orders.id],
} as const;

/** The dashboard's page query, unexecuted (the index test reads its plan). */
export function ordersPageQuery(
  db: HandedDb,
  filters: OrderFilters,
  page: { page: number; size: number; sort: Sort<OrderSortKey> },
) {
  const direction = page.sort.order === 'asc' ? asc : desc;
  return selectViews(db)
    .where(whereOf(filters))
    .orderBy(...SORT_COLUMNS[page.sort.key].map((column) => direction(column)))
    .limit(page.size)
    .offset(page.page * page.size);
}

export async function findOrdersPage(
  db: HandedDb,
  filters: OrderFilters,
  page: { page: number; size: number; sort: Sort<OrderSortKey> },
) {
  return ordersPageQuery(db, filters, page);
}

/** Pages counted beyond the requested one: exact up to there, "at least" after (decision 0020). */
export const ORDER_PAGES_COUNTED_AHEAD = 50;

/** How many orders match, counted no further than ORDER_PAGES_COUNTED_AHEAD pages past the page asked for. */
export async function countOrders(
  db: HandedDb,
  filters: OrderFilters,
  page: { page: number; size: number },
): Promise<number> {
  const cap = (page.page + 1 + ORDER_PAGES_COUNTED_AHEAD) * page.size;
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(orders)
    .innerJoin(userProfiles, eq(userProfiles.id, orders.buyerId))
    .where(whereOf(filters))
    .limit(cap)
    .as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}

/** Unpaid card and crypto orders created before `before`, oldest first (index orders_status_creation_date_idx). */
export function findExpiredOrderIds(db: HandedDb, before: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['pending', 'awaiting_payment']),
        inArray(orders.paymentProcessor, ['STRIPE', 'CRYPTO']),
        lt(orders.creationDate, before),
      ),
    )
    .orderBy(asc(orders.creationDate))
    .limit(limit);
}
