import type { Readable } from 'node:stream';
import {
  BALANCES_CSV_COLUMNS,
  BALANCES_EXPORT_FILENAME,
  PAYOUTS_BATCH_CSV_COLUMNS,
  PAYOUTS_BATCH_FILENAME,
  payoutReceiptFilename,
} from '@ember/contracts/exports';
import { totalPagesOf } from '@ember/contracts/paging';
import { euroDecimalText, payoutEuroCents } from '@ember/contracts/payout-amounts';
import {
  type EarningsResponse,
  PAYOUT_RECEIPT_PENDING_MESSAGE,
  type PayoutPage,
  type PayoutResponse,
  type payoutsQuery,
  withdrawMoreThanAvailableMessage,
} from '@ember/contracts/payouts';
import { payoutReservationJournal, payoutSettlementJournal } from '@ember/db/books/payout-journals';
import type { z } from 'zod';
import { keysetCsvStream } from '../../lib/csv.ts';
import { Conflict, NotFound, Unprocessable } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, can } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Notify } from '../notifications/index.ts';
import { balancesAfter } from '../users/index.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE, postJournal } from '../wallet/index.ts';
import type { Db } from './db.ts';
import { findEarnings } from './earnings.repository.ts';
import { pendingPayoutsAfter } from './exports.repository.ts';
import { payoutReceiptPdf, type ReceiptBrand } from './payout-receipt-pdf.ts';
import {
  completePayout,
  countPayouts,
  findPayout,
  findPayoutRequestedUnder,
  findPayouts,
  insertPayout,
  type PayoutFilter,
  type PayoutRow,
} from './payouts.repository.ts';

type PayoutsQuery = z.output<typeof payoutsQuery>;

const toResponse = (row: PayoutRow): PayoutResponse => ({
  ...row,
  date: row.date.toISOString(),
  completedDate: row.completedDate?.toISOString() ?? null,
  status: row.completed ? 'Completed' : 'Pending',
});

/**
 * Rows per keyset batch of a streamed export: a short first batch so the first bytes go out at
 * once, then short index-range reads of a couple hundred KB of text each.
 */
export const EXPORT_BATCHES = { first: 500, size: 2_000 } as const;

/** A file to send: its name and its bytes, streamed (CSV) or whole (PDF). */
export interface Download<Body> {
  filename: string;
  body: Body;
}

const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** DESIGN §4 Developer earnings: premium developers withdraw earnings; the owner pays and confirms. */
export function createPayoutsService({
  db,
  clock,
  brand,
  notify,
}: {
  db: Db;
  clock: () => Date;
  /** The store's name on payout receipts. */
  brand: ReceiptBrand;
  /** Tells the developer their payout was paid (the notification centre, wired by app.ts). */
  notify?: Notify;
}) {
  async function page(filter: PayoutFilter, query: PayoutsQuery): Promise<PayoutPage> {
    const [rows, total] = await Promise.all([
      findPayouts(db, filter, { sort: query.sort, limit: query.size, offset: query.page * query.size }),
      countPayouts(db, filter),
    ]);
    return { content: rows.map(toResponse), totalPages: totalPagesOf(total, query.size) };
  }

  async function current(id: number): Promise<PayoutResponse> {
    const payout = await findPayout(db, id);
    if (!payout) throw new NotFound(`No payout with id ${id}.`);
    return toResponse(payout);
  }

  return {
    async earnings(principal: Principal): Promise<EarningsResponse> {
      authorize(principal, 'developer-stats:read', { userId: principal.userId });
      const row = await findEarnings(db, principal.userId, startOfMonthUtc(clock()));
      if (!row) throw new NotFound('That account no longer exists.');
      return { ...row, canRequestPayouts: can(principal, 'payout:request') !== null };
    },

    /**
     * The payout row and the reservation of its amount are one transaction: the journal moves the
     * amount out of the earnings account with a conditional update that also locks the account, so
     * concurrent requests are serialized and together never reserve more than it holds.
     *
     * With an idempotency key (the web sends one per confirmed request) the request is made once:
     * the key is the reservation journal's own unique key, so a repeated or concurrent request with
     * it is answered with the first one's payout and reserves nothing more.
     */
    async request(caller: Caller, amount: number, idempotencyKey?: string): Promise<PayoutResponse> {
      const role = authorize(caller, 'payout:request');
      const key = idempotencyKey ? `payout-request:${caller.userId}:${idempotencyKey}` : undefined;
      const requestedBefore = async (): Promise<PayoutResponse | null> => {
        if (!key) return null;
        const payout = await findPayoutRequestedUnder(db, key);
        if (!payout) return null;
        if (payout.amount !== amount) throw new Unprocessable(IDEMPOTENCY_KEY_REUSED_MESSAGE);
        return toResponse(payout);
      };
      const replay = await requestedBefore();
      if (replay) return replay;
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const payoutId = await insertPayout(tx, {
            userId: caller.userId,
            amount,
            description: 'Withdrawal request',
            date: clock(),
          });
          const posted = await postJournal(tx, {
            ...payoutReservationJournal({
              payoutId,
              developerId: caller.userId,
              amount,
              whenShort: (available) => new Conflict(withdrawMoreThanAvailableMessage(available)),
            }),
            idempotencyKey: key,
          });
          // Money leaving earnings is not a purchase: it goes on the audit trail (DESIGN convention 12).
          await recordAudit(tx, actorOf(caller, role), {
            action: 'payout:request',
            target: { kind: 'PAYOUT', id: payoutId },
            after: { amount, status: 'Pending', journalId: posted?.journalId ?? null },
          });
          return payoutId;
        });
      } catch (error) {
        // A concurrent request with the same key won the race (its journal holds the key, or it took
        // the earnings this one waited for): answer with its payout. Anything else stands.
        const first = await requestedBefore();
        if (first) return first;
        throw error;
      }
      return current(id);
    },

    async listOwn(principal: Principal, query: PayoutsQuery): Promise<PayoutPage> {
      authorize(principal, 'payout:read', { userId: principal.userId });
      return page({ userId: principal.userId, status: query.status }, query);
    },

    async listAll(principal: Principal, query: PayoutsQuery): Promise<PayoutPage> {
      authorize(principal, 'payout:read');
      return page({ status: query.status }, query);
    },

    async get(principal: Principal, id: number): Promise<PayoutResponse> {
      const payout = await current(id);
      authorize(principal, 'payout:read', { userId: payout.userId });
      return payout;
    },

    /**
     * Every account's balances as CSV (spec §7 balance-exporter/export), streamed: the rows are read
     * in keyset batches only as fast as the download takes them, so memory stays flat at any size.
     */
    exportBalances(principal: Principal): Download<Readable> {
      authorize(principal, 'export:balances');
      return {
        filename: BALANCES_EXPORT_FILENAME,
        body: keysetCsvStream(
          BALANCES_CSV_COLUMNS,
          (afterId, limit) => balancesAfter(db, afterId, limit),
          (row) => [
            row.id,
            row.discordId,
            row.username,
            row.displayName,
            row.credits,
            row.earnings,
            String(row.enabled),
          ],
          EXPORT_BATCHES,
        ),
      };
    },

    /** The pending payouts as CSV, oldest request first (spec §7 GET /payouts/batch), streamed. */
    exportPendingPayouts(principal: Principal): Download<Readable> {
      authorize(principal, 'export:payouts');
      return {
        filename: PAYOUTS_BATCH_FILENAME,
        body: keysetCsvStream(
          PAYOUTS_BATCH_CSV_COLUMNS,
          (afterId, limit) => pendingPayoutsAfter(db, afterId, limit),
          (row) => [
            row.id,
            row.userId,
            row.discordId,
            row.username,
            row.amount,
            euroDecimalText(payoutEuroCents(row.amount)),
            row.date.toISOString(),
            row.description,
          ],
          EXPORT_BATCHES,
        ),
      };
    },

    /**
     * A paid payout's receipt as a PDF (its developer or the owner; spec §7 GET
     * /payouts/{id}/receipt). A pending payout has none yet: nothing was paid (decision 0041).
     */
    async receipt(principal: Principal, id: number): Promise<Download<Buffer>> {
      const payout = await current(id);
      authorize(principal, 'payout:read', { userId: payout.userId });
      if (!payout.completed) throw new Conflict(PAYOUT_RECEIPT_PENDING_MESSAGE);
      return {
        filename: payoutReceiptFilename(id),
        body: await payoutReceiptPdf(payout, { brand, issuedAt: clock() }),
      };
    },

    /** The owner paid a pending payout: it leaves the books (in flight → paid), on the audit trail. */
    async confirm(caller: Caller, id: number, reference: string): Promise<PayoutResponse> {
      const role = authorize(caller, 'payout:confirm');
      await db.transaction(async (tx) => {
        const at = clock();
        const completed = await completePayout(tx, id, { reference, completedById: caller.userId, at });
        if (!completed) {
          if (await findPayout(tx, id)) throw new Conflict('This payout is already completed.');
          throw new NotFound(`No payout with id ${id}.`);
        }
        await postJournal(
          tx,
          payoutSettlementJournal({ payoutId: id, developerId: completed.userId, amount: completed.amount }),
        );
        await recordAudit(tx, actorOf(caller, role), {
          action: 'payout:confirm',
          target: { kind: 'PAYOUT', id },
          before: { completed: false },
          after: { completed: true, reference },
        });
        await notify?.(tx, {
          userId: completed.userId,
          kind: 'PAYOUT_PAID',
          idempotencyKey: `payout-paid:${id}`,
          params: { payoutId: id },
          link: '/developer',
        });
      });
      return current(id);
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
