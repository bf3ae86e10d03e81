import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, type DbClient } from '../client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '../migrate.ts';
import { ledgerEntries, ledgerJournals } from '../schema/wallet.ts';
import { makeUser } from '../seed/factories.ts';
import { checkBooks } from './check-books.ts';

/** The last migration of the single-entry ledger: 0004, before the books (0005-0007). */
const LAST_SINGLE_ENTRY_MIGRATION = 4;

/** A copy of the migrations folder that stops at `lastIndex`, to build a database as it was then. */
function migrationsUpTo(lastIndex: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ember-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= lastIndex);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migrating the single-entry ledger into the books', () => {
  let client: DbClient;
  let oldMigrations: string;
  const ids = { buyer: 0, developer: 0, friend: 0, admin: 0 };

  const legacy = (row: {
    userId: number;
    type: string;
    amount: number;
    balanceAfter: number;
    entityId?: string;
    key?: string;
    at: string;
  }) =>
    client.db.execute(sql`insert into ledger_entries
      (user_id, account, type, amount, balance_after, description, entity_id, idempotency_key, created_at)
      values (${row.userId}, ${row.type.startsWith('DEVELOPER') ? 'EARNINGS' : 'CREDITS'}, ${row.type},
        ${row.amount}, ${row.balanceAfter}, ${row.type}, ${row.entityId ?? null}, ${row.key ?? null}, ${row.at}::timestamptz)`);

  beforeAll(async () => {
    oldMigrations = migrationsUpTo(LAST_SINGLE_ENTRY_MIGRATION);
    client = createDbClient();
    await runMigrations(client.db, oldMigrations);
    for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
      // Raw SQL with the columns users had then: the current schema has columns added later.
      const user = makeUser();
      const inserted = await client.db.execute(sql`insert into users (discord_id, username, display_name)
        values (${user.discordId}, ${user.username}, ${user.displayName}) returning id`);
      ids[name] = Number((inserted as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0);
    }
    const { buyer, developer, friend, admin } = ids;
    await legacy({
      userId: buyer,
      type: 'SEED',
      amount: 1000,
      balanceAfter: 1000,
      at: '2026-01-01T10:00:00Z',
    });
    // A sale of subscription 5 and its full refund, each one transaction.
    await legacy({
      userId: buyer,
      type: 'PURCHASE',
      amount: -450,
      balanceAfter: 550,
      entityId: '5',
      at: '2026-02-01T10:00:00Z',
    });
    await legacy({
      userId: developer,
      type: 'DEVELOPER_EARNING',
      amount: 360,
      balanceAfter: 360,
      entityId: '5',
      at: '2026-02-01T10:00:00Z',
    });
    await legacy({
      userId: buyer,
      type: 'REFUND',
      amount: 450,
      balanceAfter: 1000,
      entityId: '5',
      at: '2026-02-03T10:00:00Z',
    });
    await legacy({
      userId: developer,
      type: 'DEVELOPER_EARNING_REVERSAL',
      amount: -360,
      balanceAfter: 0,
      entityId: '5',
      at: '2026-02-03T10:00:00Z',
    });
    // A credit gift: two rows pointing at each other, one idempotency key per side.
    await legacy({
      userId: buyer,
      type: 'CREDIT_TRANSFER_OUT',
      amount: -100,
      balanceAfter: 900,
      entityId: String(friend),
      key: `transfer:${buyer}:k1:out`,
      at: '2026-03-01T10:00:00Z',
    });
    await legacy({
      userId: friend,
      type: 'CREDIT_TRANSFER_IN',
      amount: 100,
      balanceAfter: 100,
      entityId: String(buyer),
      key: `transfer:${buyer}:k1:in`,
      at: '2026-03-01T10:00:00Z',
    });
    // Order 5 (the same number as the subscription) topped up credits; an admin corrected a balance.
    await legacy({
      userId: friend,
      type: 'ORDER_TOP_UP',
      amount: 500,
      balanceAfter: 600,
      entityId: '5',
      at: '2026-04-01T10:00:00Z',
    });
    await legacy({
      userId: friend,
      type: 'ADMIN_ADJUSTMENT',
      amount: 25,
      balanceAfter: 625,
      entityId: String(admin),
      at: '2026-05-01T10:00:00Z',
    });
    await client.db.execute(sql`update users set balance = 900 where id = ${buyer}`);
    await client.db.execute(sql`update users set balance = 625 where id = ${friend}`);

    await runMigrations(client.db);
  });

  afterAll(async () => {
    await client?.close();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  const journalsAbout = (kind: 'SUBSCRIPTION' | 'ORDER' | 'USER', id: number) =>
    client.db
      .select({ id: ledgerJournals.id, kind: ledgerJournals.kind, key: ledgerJournals.idempotencyKey })
      .from(ledgerJournals)
      .where(sql`${ledgerJournals.referenceKind} = ${kind} and ${ledgerJournals.referenceId} = ${id}`)
      .orderBy(ledgerJournals.id);

  const postingsOfJournal = (journalId: number) =>
    client.db
      .select({ userId: ledgerEntries.userId, account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, journalId))
      .orderBy(ledgerEntries.id);

  it('groups the rows of each event into one journal that balances, with a zero trial balance', async () => {
    const report = await checkBooks(client.db);
    expect(report).toMatchObject({ ok: true, journals: 6, unbalancedJournals: [], accountMismatches: [] });
    expect(report.trialBalance.total).toBe(0);
  });

  it("gives a sale and its refund to the subscription, with the platform's share on its revenue account", async () => {
    const [sale, refund] = await journalsAbout('SUBSCRIPTION', 5);
    expect([sale?.kind, refund?.kind]).toEqual(['SUBSCRIPTION_PURCHASE', 'SUBSCRIPTION_REFUND']);
    expect(await postingsOfJournal(sale?.id ?? 0)).toEqual([
      { userId: ids.buyer, account: 'CREDITS', amount: -450 },
      { userId: ids.developer, account: 'EARNINGS', amount: 360 },
      { userId: null, account: 'PLATFORM_REVENUE', amount: 90 },
    ]);
    expect((await postingsOfJournal(refund?.id ?? 0)).at(-1)).toEqual({
      userId: null,
      account: 'PLATFORM_REVENUE',
      amount: -90,
    });
  });

  it('keeps order 5 apart from subscription 5, against the processor that owes the money', async () => {
    const [order] = await journalsAbout('ORDER', 5);
    expect(order?.kind).toBe('ORDER_FULFILMENT');
    expect(await postingsOfJournal(order?.id ?? 0)).toEqual([
      { userId: ids.friend, account: 'CREDITS', amount: 500 },
      { userId: null, account: 'CLEARING_STRIPE', amount: -500 },
    ]);
  });

  it('makes a credit gift one journal under one idempotency key, and an admin correction one against adjustments', async () => {
    const [transfer, adjustment] = await journalsAbout('USER', ids.friend);
    expect(transfer).toMatchObject({ kind: 'CREDIT_TRANSFER', key: `transfer:${ids.buyer}:k1` });
    expect((await postingsOfJournal(transfer?.id ?? 0)).map((p) => p.amount)).toEqual([-100, 100]);
    expect(adjustment?.kind).toBe('ADMIN_ADJUSTMENT');
    expect((await postingsOfJournal(adjustment?.id ?? 0)).at(-1)).toEqual({
      userId: null,
      account: 'ADJUSTMENTS',
      amount: -25,
    });
  });

  it('drops the untyped entity id and keeps new journals numbered after the migrated ones', async () => {
    const columns = await client.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'ledger_entries'`,
    );
    const names = (columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name);
    expect(names).not.toContain('entity_id');
    expect(names).toContain('journal_id');
    const [next] = await client.db
      .insert(ledgerJournals)
      .values({ kind: 'ADMIN_ADJUSTMENT', referenceKind: 'USER', referenceId: ids.admin })
      .returning({ id: ledgerJournals.id });
    expect(next?.id).toBe(7);
  });
});
