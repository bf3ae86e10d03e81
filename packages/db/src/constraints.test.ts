import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { DEMO_USER_IDS } from './demo/demo-accounts.ts';
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation, pgErrorOf } from './errors.ts';
import { accessListEntries, plans } from './schema/catalog.ts';
import { discountCodes } from './schema/discount-codes.ts';
import { sessionLogs } from './schema/sessions.ts';
import { subscriptions } from './schema/subscriptions.ts';
import { users } from './schema/users.ts';
import { ledgerEntries, ledgerJournals } from './schema/wallet.ts';
import { makeSessionLog, makeSubscription, makeUser } from './seed/factories.ts';
import { createSessionLogPartitions } from './session-log-partitions.ts';

async function failureOf(operation: PromiseLike<unknown>): Promise<unknown> {
  try {
    await operation;
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

class RollBack extends Error {}

describe('database constraints', () => {
  let database: TestDatabase;

  /** Runs `work` in a transaction that is always rolled back, so hand-made rows never stay. */
  async function rolledBack<T>(work: (tx: TestDatabase['db']) => Promise<T>): Promise<T> {
    let result: T | undefined;
    await database.db
      .transaction(async (tx) => {
        result = await work(tx);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    return result as T;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('rejects a negative balance', async () => {
    const error = await failureOf(
      database.db.update(users).set({ balance: -1 }).where(eq(users.id, DEMO_USER_IDS.customer)),
    );
    expect(isCheckViolation(error, 'users_balance_not_negative')).toBe(true);
  });

  it('rejects negative earnings', async () => {
    const error = await failureOf(
      database.db.update(users).set({ earnings: -5 }).where(eq(users.id, DEMO_USER_IDS.premium)),
    );
    expect(isCheckViolation(error, 'users_earnings_not_negative')).toBe(true);
  });

  it('rejects a duplicate discord id', async () => {
    const [customer] = await database.db.select().from(users).where(eq(users.id, DEMO_USER_IDS.customer));
    const error = await failureOf(
      database.db.insert(users).values(makeUser({ discordId: customer?.discordId })),
    );
    expect(isUniqueViolation(error, 'users_discord_id_key')).toBe(true);
  });

  it('rejects roles outside the contract enum', async () => {
    const error = await failureOf(
      database.db
        .update(users)
        .set({ roles: ['CUSTOMER', 'SUPERUSER' as 'CUSTOMER'] })
        .where(eq(users.id, DEMO_USER_IDS.customer)),
    );
    expect(isCheckViolation(error, 'users_roles_known')).toBe(true);
  });

  it('keeps the books append-only: journals and postings', async () => {
    const [entry] = await database.db.select().from(ledgerEntries).limit(1);
    const update = await failureOf(
      database.db
        .update(ledgerEntries)
        .set({ description: 'edited' })
        .where(eq(ledgerEntries.id, entry?.id ?? 0)),
    );
    expect(pgErrorOf(update)?.message).toMatch(/append-only/);
    const removal = await failureOf(
      database.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry?.id ?? 0)),
    );
    expect(pgErrorOf(removal)?.message).toMatch(/append-only/);
    const journalUpdate = await failureOf(
      database.db
        .update(ledgerJournals)
        .set({ description: 'edited' })
        .where(eq(ledgerJournals.id, entry?.journalId ?? 0)),
    );
    expect(pgErrorOf(journalUpdate)?.message).toMatch(/append-only/);
  });

  it('records a journal idempotency key once', async () => {
    const journal = {
      kind: 'ADMIN_ADJUSTMENT' as const,
      referenceKind: 'USER' as const,
      referenceId: DEMO_USER_IDS.customer,
      idempotencyKey: 'retry-me',
    };
    const error = await rolledBack(async (tx) => {
      await tx.insert(ledgerJournals).values(journal);
      return failureOf(tx.insert(ledgerJournals).values(journal));
    });
    expect(isUniqueViolation(error, 'ledger_journals_idempotency_key_key')).toBe(true);
  });

  it('ties user accounts to a user with a balance, and system accounts to neither', async () => {
    const [entry] = await database.db.select().from(ledgerEntries).limit(1);
    const posting = { journalId: entry?.journalId ?? 0, type: 'ADMIN_ADJUSTMENT' as const, amount: 1 };
    const systemWithUser = await rolledBack((tx) =>
      failureOf(
        tx.insert(ledgerEntries).values({ ...posting, account: 'ADJUSTMENTS', userId: 3, balanceAfter: 0 }),
      ),
    );
    expect(isCheckViolation(systemWithUser, 'ledger_entries_user_account_has_user')).toBe(true);
    const userWithoutBalance = await rolledBack((tx) =>
      failureOf(
        tx.insert(ledgerEntries).values({ ...posting, account: 'CREDITS', userId: 3, balanceAfter: null }),
      ),
    );
    expect(isCheckViolation(userWithoutBalance, 'ledger_entries_balance_after_on_user_accounts')).toBe(true);
  });

  it('allows one access-list entry per target, user and kind, on exactly one target', async () => {
    const entry = { kind: 'WHITELIST' as const, planId: 12, userId: DEMO_USER_IDS.customer };
    expect(isUniqueViolation(await failureOf(database.db.insert(accessListEntries).values(entry)))).toBe(
      true,
    );
    const both = await failureOf(
      database.db.insert(accessListEntries).values({ ...entry, userId: DEMO_USER_IDS.staff, priceId: 1 }),
    );
    expect(isCheckViolation(both, 'access_list_entries_one_target')).toBe(true);
  });

  it('rejects a subscription whose plan does not own its price', async () => {
    const error = await failureOf(
      database.db
        .insert(subscriptions)
        .values(makeSubscription({ userId: DEMO_USER_IDS.customer, planId: 2, priceId: 1 })),
    );
    expect(isForeignKeyViolation(error, 'subscriptions_price_plan_fk')).toBe(true);
  });

  it('refuses to delete a plan that still has subscriptions', async () => {
    const error = await failureOf(database.db.delete(plans).where(eq(plans.id, 1)));
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it('stops discount code uses at max_uses', async () => {
    const error = await failureOf(
      database.db
        .update(discountCodes)
        .set({ uses: sql`${discountCodes.uses} + 1` })
        .where(eq(discountCodes.id, 'FIRST5')),
    );
    expect(isCheckViolation(error, 'discount_codes_uses_within_max')).toBe(true);
  });

  it("deletes a user's session logs with the user, from every day partition", async () => {
    const remaining = await rolledBack(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values(makeUser({ discordId: '314159265358970001' }))
        .returning();
      const userId = user?.id ?? 0;
      const today = new Date();
      const twoDaysAgo = new Date(today.getTime() - 2 * 86_400_000);
      await createSessionLogPartitions(tx, twoDaysAgo, today);
      await tx
        .insert(sessionLogs)
        .values([
          makeSessionLog({ userId, sessionId: crypto.randomUUID(), lastUpdate: today }),
          makeSessionLog({ userId, sessionId: crypto.randomUUID(), lastUpdate: twoDaysAgo }),
        ]);
      await tx.delete(users).where(eq(users.id, userId));
      return tx.$count(sessionLogs, eq(sessionLogs.userId, userId));
    });
    expect(remaining).toBe(0);
  });

  it('refuses a session-log row of a day without a partition (there is no default partition)', async () => {
    const error = await failureOf(
      database.db.insert(sessionLogs).values(
        makeSessionLog({
          userId: DEMO_USER_IDS.customer,
          sessionId: crypto.randomUUID(),
          lastUpdate: new Date('2001-01-01T12:00:00Z'),
        }),
      ),
    );
    expect(isCheckViolation(error)).toBe(true);
    expect(pgErrorOf(error)?.message).toMatch(/no partition of relation "session_logs"/);
  });

  it('finds plans by a case-insensitive part of their name', async () => {
    const found = await database.db
      .select({ name: plans.name })
      .from(plans)
      .where(and(sql`lower(${plans.name}) like ${'%helper%'}`, eq(plans.hidden, false)));
    expect(found.map((plan) => plan.name)).toEqual(
      expect.arrayContaining(['Quest Helper', 'Herb Run Helper', 'Slayer Task Helper']),
    );
  });
});
