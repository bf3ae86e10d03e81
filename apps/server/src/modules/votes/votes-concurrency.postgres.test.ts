import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenPriceOf, givenSubscription, givenUser } from '../../../test-support/test-data.ts';
import { expireDateOf, voteAuditEventsOf, votesOf } from './votes.fixtures.ts';

// On PostgreSQL (DATABASE_URL) the requests are truly concurrent transactions over a pool, so only
// the per-user lock in front of the conditional insert keeps the 4-hour rule; on PGlite they queue.

const HOUR_MS = 3_600_000;
const ctx = useTestApp();

async function raceVotes(count: number) {
  const voter = await givenUser(ctx);
  const { plan, price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer);
  const sub = await givenSubscription(ctx, { userId: voter.id, planId: plan.id, priceId: price.id });
  const headers = await headersFor(ctx, voter.id);
  const responses = await Promise.all(
    Array.from({ length: count }, () => ctx.app.inject({ method: 'POST', url: '/api/shop/votes', headers })),
  );
  return { voter, sub, statuses: responses.map((res) => res.statusCode).sort() };
}

describe('concurrent votes', () => {
  it('two votes at once: exactly one is recorded and rewarded, the other is refused', async () => {
    const { voter, sub, statuses } = await raceVotes(2);
    expect(statuses).toEqual([201, 429]);
    expect(await votesOf(ctx, voter.id)).toHaveLength(1);
    expect(await voteAuditEventsOf(ctx, voter.id)).toHaveLength(1);
    expect((await expireDateOf(ctx, sub.id))?.getTime()).toBe(
      (sub.expireDate as Date).getTime() + 2 * HOUR_MS,
    );
  });

  it('ten votes at once by a voter with no subscription to lock: still exactly one', async () => {
    const voter = await givenUser(ctx);
    const headers = await headersFor(ctx, voter.id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => ctx.app.inject({ method: 'POST', url: '/api/shop/votes', headers })),
    );
    expect(responses.map((res) => res.statusCode).sort()).toEqual([201, ...Array(9).fill(429)]);
    expect(await votesOf(ctx, voter.id)).toHaveLength(1);
  });

  it('twenty votes at once: still exactly one', async () => {
    const { voter, sub, statuses } = await raceVotes(20);
    expect(statuses).toEqual([201, ...Array(19).fill(429)]);
    expect(await votesOf(ctx, voter.id)).toHaveLength(1);
    expect((await expireDateOf(ctx, sub.id))?.getTime()).toBe(
      (sub.expireDate as Date).getTime() + 2 * HOUR_MS,
    );
  });
});
