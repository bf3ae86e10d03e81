import { clientLimitChanges } from '@ember/db/schema/client-limits';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenPriceOf, givenSubscription, givenUser } from '../../../test-support/test-data.ts';
import { limitGenerationOf, pruneLimitChanges } from './client-limit-generations.ts';

// Decision 0036: a user's limit generation is their newest row of client_limit_changes, appended by
// triggers in the transaction of every change that can lower a limit; the upkeep keeps the newest only.

let database: TestDatabase;
const ctx = () => ({ database });

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await database?.close();
});

const generationOf = async (userId: number) => {
  const [row] = await database.db
    .select({ generation: limitGenerationOf(sql`${userId}::int`) })
    .from(clientLimitChanges)
    .limit(1);
  return row?.generation ?? 0;
};

describe('the limit generation', () => {
  it('moves with every change of a subscription, and pruning keeps it', async () => {
    const user = await givenUser(ctx());
    const developer = await givenUser(ctx());
    const { plan, price } = await givenPriceOf(ctx(), developer.id);
    const subscription = await givenSubscription(ctx(), {
      userId: user.id,
      planId: plan.id,
      priceId: price.id,
    });
    const afterPurchase = await generationOf(user.id);
    expect(afterPurchase).toBeGreaterThan(0);
    await database.db
      .update(subscriptions)
      .set({ expireDate: new Date() })
      .where(eq(subscriptions.id, subscription.id));
    const afterExpiry = await generationOf(user.id);
    expect(afterExpiry).toBeGreaterThan(afterPurchase);

    await pruneLimitChanges(database.db);
    expect(await generationOf(user.id)).toBe(afterExpiry);
    const rows = await database.db
      .select()
      .from(clientLimitChanges)
      .where(eq(clientLimitChanges.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});
