import type { PayoutResponse } from '@ember/contracts/payouts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { requestsTo } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser, grant } from '../../../test-support/test-data.ts';

// GET /payouts/all?status (the owner's "Pending only" filter) and the same filter on GET /payouts.

const ctx = useTestApp();

type Headers = Record<string, string>;
const commerce = requestsTo(ctx, '/api/commerce');

const pageOf = async (headers: Headers, url: string) => {
  const res = await commerce('GET', headers, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { content: PayoutResponse[]; totalPages: number };
};

describe('GET /payouts/all?status', () => {
  it('lists only the pending or only the completed payouts, paged over what matches', async () => {
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'] });
    await grant(ctx, developer.id, 10_000, 'EARNINGS');
    const headers = await headersFor(ctx, developer.id);
    const owner = await asUser(ctx, 'owner');
    const requested: PayoutResponse[] = [];
    for (const amount of [101, 102, 103]) {
      const res = await commerce('POST', headers, `/payouts/request?amount=${amount}`);
      expect(res.statusCode, res.body).toBe(201);
      requested.push(res.json());
    }
    const [paid] = requested as [PayoutResponse];
    const confirmed = await commerce('POST', owner, `/payouts/${paid.id}`, { reference: 'TX-1' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const everything = await pageOf(owner, '/payouts/all?size=100');
    const pending = await pageOf(owner, '/payouts/all?size=100&status=Pending');
    const completed = await pageOf(owner, '/payouts/all?size=100&status=Completed');
    expect(pending.content.length).toBeGreaterThan(0);
    expect(pending.content.every((payout) => payout.status === 'Pending' && !payout.completed)).toBe(true);
    expect(completed.content.every((payout) => payout.status === 'Completed' && payout.completed)).toBe(true);
    expect(pending.content.length + completed.content.length).toBe(everything.content.length);
    const ids = (page: { content: PayoutResponse[] }) => page.content.map((payout) => payout.id);
    expect(ids(pending)).toEqual(expect.arrayContaining([requested[1]?.id, requested[2]?.id]));
    expect(ids(pending)).not.toContain(paid.id);
    expect(ids(completed)).toContain(paid.id);
    // Newest first within the filter too.
    const dates = pending.content.map((payout) => payout.date);
    expect(dates).toEqual([...dates].sort().reverse());

    // Pages count only what matches.
    const onePerPage = await pageOf(owner, '/payouts/all?size=5&status=Pending');
    expect(onePerPage.totalPages).toBe(Math.ceil(pending.content.length / 5));

    // The developer's own list takes the same filter.
    const own = await pageOf(headers, '/payouts?status=Pending');
    expect(own.content.map((payout) => payout.amount).sort()).toEqual([102, 103]);
  });

  it('refuses an unknown status with a 400 that says which ones exist', async () => {
    const res = await commerce('GET', await asUser(ctx, 'owner'), '/payouts/all?status=paid');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The status must be Pending or Completed.');
  });
});
