import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { users } from '@ember/db/schema/users';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import { seedDemoData } from '@ember/db/seed/seed';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptDatabase } from '../../../test-support/script-database.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { describeLedgerReport } from './ledger-check.ts';
import { createWalletService } from './wallet.service.ts';

// This file breaks the books on purpose, so its database skips the check every other file ends with.
let database: TestDatabase;
let wallet: ReturnType<typeof createWalletService>;

beforeAll(async () => {
  database = await createTestDatabase({ checkBooksOnClose: false });
  wallet = createWalletService({ db: database.db });
});

afterAll(async () => {
  await database?.close();
});

const ctx = {
  get database() {
    return database;
  },
};

describe('checkLedger', () => {
  it('is clean on the demo data, with a trial balance of every account summing to zero', async () => {
    const report = await wallet.checkLedger();
    expect(report).toMatchObject({
      ok: true,
      unbalancedJournals: [],
      accountMismatches: [],
      brokenChain: [],
    });
    expect(report.postings).toBeGreaterThan(100);
    expect(report.trialBalance.total).toBe(0);
    const accounts = report.trialBalance.accounts.map((row) => row.account);
    expect(accounts).toEqual(
      expect.arrayContaining([
        'CREDITS',
        'EARNINGS',
        'PLATFORM_REVENUE',
        'OPENING_BALANCES',
        'PAYOUTS_IN_FLIGHT',
      ]),
    );
    // The platform keeps its share of the demo sales.
    expect(
      report.trialBalance.accounts.find((row) => row.account === 'PLATFORM_REVENUE')?.balance,
    ).toBeGreaterThan(0);
    const lines = describeLedgerReport(report);
    expect(lines.join('\n')).toMatch(/TOTAL\s+0\n/);
    expect(lines.at(-1)).toMatch(/^Books OK: \d+ journals with \d+ postings all balance/);
  });

  it('reports a cached balance the postings do not explain, and a posting that breaks the chain', async () => {
    const user = await givenUser(ctx, { credits: 100 });
    await database.db.update(users).set({ balance: 150 }).where(eq(users.id, user.id));
    const drift = await wallet.checkLedger();
    expect(drift.ok).toBe(false);
    expect(drift.accountMismatches).toEqual([
      { userId: user.id, balance: 150, ledgerCredits: 100, earnings: 0, ledgerEarnings: 0 },
    ]);

    // A balanced journal written around postJournal whose balance_after does not follow from the one before.
    const [journal] = await database.db
      .insert(ledgerJournals)
      .values({ kind: 'ADMIN_ADJUSTMENT', referenceKind: 'USER', referenceId: user.id })
      .returning();
    await database.db.insert(ledgerEntries).values([
      {
        journalId: journal?.id ?? 0,
        userId: user.id,
        account: 'CREDITS',
        type: 'ADMIN_ADJUSTMENT',
        amount: 50,
        balanceAfter: 175,
      },
      { journalId: journal?.id ?? 0, account: 'ADJUSTMENTS', type: 'ADMIN_ADJUSTMENT', amount: -50 },
    ]);
    const broken = await wallet.checkLedger();
    expect(broken.unbalancedJournals).toEqual([]);
    expect(broken.brokenChain).toEqual([
      expect.objectContaining({ userId: user.id, amount: 50, balanceAfter: 175, expected: 150 }),
    ]);
    expect(describeLedgerReport(broken).join('\n')).toMatch(/FAILED[\s\S]*expected 150/);
  });
});

describe('npm run ledger:check (the script it runs)', () => {
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  const runLedgerCheck = (env: Record<string, string | undefined>) => {
    const merged: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'development', ...env };
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
    return spawnSync('node', ['--import', 'tsx', 'apps/server/src/scripts/ledger-check.ts'], {
      cwd: root,
      env: merged,
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  let scriptDb: Awaited<ReturnType<typeof createScriptDatabase>>;

  beforeAll(async () => {
    scriptDb = await createScriptDatabase();
    const client = scriptDb.open();
    await client.migrate();
    await seedDemoData(client.db);
    await client.close();
  });

  afterAll(async () => {
    await scriptDb?.remove();
  });

  it('prints a balanced trial balance for the demo database and exits 0', () => {
    const result = runLedgerCheck(scriptDb.env);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Trial balance/);
    expect(result.stdout).toMatch(/PLATFORM_REVENUE/);
    expect(result.stdout).toMatch(/TOTAL\s+0\n/);
    expect(result.stdout).toMatch(/Books OK/);
  }, 60_000);

  it('exits non-zero naming a journal inserted by hand that does not balance', async () => {
    const client = scriptDb.open();
    const [journal] = await client.db
      .insert(ledgerJournals)
      .values({ kind: 'ADMIN_ADJUSTMENT', referenceKind: 'USER', referenceId: 3, description: 'by hand' })
      .returning();
    await client.db.insert(ledgerEntries).values({
      journalId: journal?.id ?? 0,
      account: 'ADJUSTMENTS',
      type: 'ADMIN_ADJUSTMENT',
      amount: 42,
    });
    await client.close();

    const result = runLedgerCheck(scriptDb.env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `journal ${journal?.id} (ADMIN_ADJUSTMENT) does not balance: its postings sum to 42`,
    );
    expect(result.stderr).toMatch(/TOTAL\s+42\n/);
  }, 60_000);
});
