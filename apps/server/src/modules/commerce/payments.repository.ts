import type { PaymentGateway, PaymentProcessor, PaymentStatus } from '@ember/contracts/enums';
import { type NewPayment, type Payment, paymentEvents, payments } from '@ember/db/schema/commerce';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { countedTotal, firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// Reads and writes of payments and payment_events (owned by the commerce module).

export function insertPayment(tx: HandedDb, payment: NewPayment): Promise<Payment | null> {
  return firstRowOrNull(tx.insert(payments).values(payment).onConflictDoNothing().returning());
}

export function findPaymentByIdempotencyKey(db: HandedDb, key: string) {
  return firstRowOrNull(db.select().from(payments).where(eq(payments.idempotencyKey, key)));
}

export function findPayment(db: HandedDb, gateway: PaymentGateway, providerId: string) {
  return firstRowOrNull(
    db
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.providerId, providerId))),
  );
}

export function findPaymentById(db: HandedDb, id: number): Promise<Payment | null> {
  return firstRowOrNull(db.select().from(payments).where(eq(payments.id, id)));
}

/** The attempt's row locked FOR UPDATE: read after the order's lock, so no concurrent outcome is overwritten. */
export function lockPayment(tx: HandedDb, id: number): Promise<Payment | null> {
  return firstRowOrNull(tx.select().from(payments).where(eq(payments.id, id)).for('update'));
}

export function findPaymentByReference(db: HandedDb, gateway: PaymentGateway, reference: string) {
  return firstRowOrNull(
    db
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.providerReference, reference))),
  );
}

export function findPaymentsOfOrder(db: HandedDb, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export function findLatestPaymentOfOrder(db: HandedDb, orderId: number) {
  return firstRowOrNull(
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1),
  );
}

export function countPaymentsOfOrder(db: HandedDb, orderId: number): Promise<number> {
  return countedTotal(db.select({ total: count() }).from(payments).where(eq(payments.orderId, orderId)));
}

export async function updatePayment(
  tx: HandedDb,
  id: number,
  changes: { status?: PaymentStatus; providerReference?: string | null },
) {
  await tx.update(payments).set(changes).where(eq(payments.id, id));
}

/**
 * Records a processor event once: true the first time its (provider, event id) is seen, false on
 * every repeat. Inside the fulfilment transaction, a concurrent repeat waits on the unique index
 * until the first commits, then sees the conflict, so the event acts exactly once.
 */
export async function recordPaymentEvent(
  tx: HandedDb,
  event: {
    provider: PaymentProcessor;
    eventId: string;
    eventType: string;
    orderId: number | null;
    payload: Record<string, unknown>;
    at: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      eventType: event.eventType,
      orderId: event.orderId,
      payload: event.payload,
      receivedAt: event.at,
      processedAt: event.at,
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}
