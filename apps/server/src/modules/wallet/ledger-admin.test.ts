import { checkBooks } from '@ember/db/books/check-books';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { findTransactionsPage } from './transactions.repository.ts';

// The admin panel's ledger: the reference filters of GET /transactions and the trial balance.

const ctx = useTestApp();

const get = async (url: string, username: 'admin' | 'owner' | 'customer' | 'payments' = 'admin') =>
  ctx.app.inject({ method: 'GET', url: `/api/shop${url}`, headers: await asUser(ctx, username) });

/** The user postings of the journals referencing one thing, counted straight from the tables. */
async function userPostingsOf(kind: string, id?: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ total: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(
      and(
        isNotNull(ledgerEntries.userId),
        sql`${ledgerJournals.referenceKind} = ${kind}`,
        id === undefined ? undefined : eq(ledgerJournals.referenceId, id),
      ),
    );
  return row?.total ?? 0;
}

describe('GET /transactions by reference (admins)', () => {
  it('lists exactly the user postings of the journals that reference one thing', async () => {
    const [journal] = await ctx.database.db
      .select({ kind: ledgerJournals.referenceKind, id: ledgerJournals.referenceId })
      .from(ledgerJournals)
      .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
      .where(and(eq(ledgerJournals.referenceKind, 'ORDER'), isNotNull(ledgerEntries.userId)))
      .limit(1);
    if (!journal) throw new Error('the seed has no order journal');
    const expected = await userPostingsOf(journal.kind, journal.id);
    expect(expected).toBeGreaterThan(0);

    const res = await get(`/transactions?referenceKind=order&referenceId=${journal.id}&size=100`);
    expect(res.statusCode).toBe(200);
    const { content } = res.json();
    expect(content).toHaveLength(expected);
    for (const entry of content)
      expect(entry).toMatchObject({ referenceKind: 'ORDER', entityId: String(journal.id) });
  });

  it('filters by the kind alone, and combines with the type', async () => {
    const all = await userPostingsOf('PAYOUT');
    const page = (await get('/transactions?referenceKind=PAYOUT&size=100')).json();
    expect(page.content.length).toBe(Math.min(all, 100));
    expect(page.content.every((entry: { referenceKind: string }) => entry.referenceKind === 'PAYOUT')).toBe(
      true,
    );

    const typed = (await get('/transactions?referenceKind=PAYOUT&type=PURCHASE&size=100')).json();
    expect(typed.content).toEqual([]);
  });

  it('finds nothing for a reference nothing paid for', async () => {
    const res = await get('/transactions?referenceKind=SUBSCRIPTION&referenceId=2147483647');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ content: [], totalPages: 0 });
  });

  it('refuses a bad reference with a clear message', async () => {
    const badKind = await get('/transactions?referenceKind=INVOICE');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toBe(
      'The reference kind must be one of SUBSCRIPTION, ORDER, PAYOUT, USER.',
    );
    const badId = await get('/transactions?referenceKind=ORDER&referenceId=abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('The reference id must be a positive whole number.');
    const idAlone = await get('/transactions?referenceId=3');
    expect(idAlone.statusCode).toBe(400);
    expect(idAlone.json().message).toBe('Give the reference kind too when filtering by reference id.');
  });

  it('finds the journals through ledger_journals_reference_idx', async () => {
    const query = findTransactionsPage(
      ctx.database.db,
      { referenceKind: 'ORDER', referenceId: 1 },
      { page: 0, size: 25, sort: { key: 'createdAt', order: 'desc' } },
    ).toSQL();
    // The seed is small enough for a sequential scan to win; with scans priced out the plan must
    // still reach the journals by the reference index (it would fall back to a scan otherwise).
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const params = query.params.map((value) => sql`${value}`);
      const text = query.sql.split(/\$\d+/);
      const explained = sql.join([
        sql.raw('explain '),
        ...text.flatMap((part, i) =>
          i < params.length ? [sql.raw(part), params[i] as (typeof params)[number]] : [sql.raw(part)],
        ),
      ]);
      const result = (await tx.execute(explained)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('ledger_journals_reference_idx');
  });
});

describe('GET /transactions/trial-balance (admins)', () => {
  it("answers every account's balance and a zero total, as ledger:check computes them", async () => {
    const res = await get('/transactions/trial-balance');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(0);
    expect(body).toEqual((await checkBooks(ctx.database.db)).trialBalance);
    const accounts = body.accounts.map((row: { account: string }) => row.account);
    expect(accounts).toContain('CREDITS');
    const credits = body.accounts.find((row: { account: string }) => row.account === 'CREDITS');
    expect(credits.holders).toBeGreaterThan(1);
    expect(body.accounts.reduce((sum: number, row: { balance: number }) => sum + row.balance, 0)).toBe(0);
  });

  it.each(['customer', 'payments'] as const)('is refused to %s with 403', async (username) => {
    expect((await get('/transactions/trial-balance', username)).statusCode).toBe(403);
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop/transactions/trial-balance' });
    expect(res.statusCode).toBe(401);
  });
});
