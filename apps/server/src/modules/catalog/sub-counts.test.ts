import { type SubCount, slotState } from '@ember/contracts/catalog';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { shopApi } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { daysFromNow, givenPlan, givenPrice, givenSubscriptions } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const NOT_YOURS = REFUSAL_MESSAGES.NOT_YOURS;

const ctx = useTestApp();

const { get } = shopApi(() => ctx);

const soonest = daysFromNow(5);

/** One plan of the demo developer with a price in every slot state. */
async function catalogWithSubscribers(planState: { hidden?: boolean } = {}) {
  const plan = await givenPlan(ctx, { ownerId: DEMO_USER_IDS.developer, ...planState });
  const price = (
    name: string,
    fields: { slots: number | null; exposeSubCount: boolean; enabled?: boolean; hidden?: boolean },
  ) => givenPrice(ctx, { planId: plan.id, name, ...fields });

  const visible = await price('visible', { slots: 5, exposeSubCount: true });
  await givenSubscriptions(ctx, visible, [
    { expireDate: daysFromNow(30) },
    { expireDate: null },
    { expireDate: soonest },
    // Paused: holds its slot although its expire date passed, and is not the next to expire.
    { expireDate: daysFromNow(-2), paused: true, pauseDate: daysFromNow(-3), pauseUsed: true, pauseDays: 14 },
    { startDate: daysFromNow(-40), expireDate: daysFromNow(-1) },
  ]);
  const fullHidden = await price('full and hidden', { slots: 2, exposeSubCount: false });
  await givenSubscriptions(ctx, fullHidden, [{}, {}]);
  const unlimited = await price('unlimited', { slots: null, exposeSubCount: true });
  await givenSubscriptions(ctx, unlimited, [{}]);
  const limitedHidden = await price('limited and hidden', { slots: 3, exposeSubCount: false });
  await givenSubscriptions(ctx, limitedHidden, [{}]);
  const noSlots = await price('zero slots', { slots: 0, exposeSubCount: true });
  const draft = await price('draft', { slots: 1, exposeSubCount: true, enabled: false, hidden: true });
  return { plan, visible, fullHidden, unlimited, limitedHidden, noSlots, draft };
}

const byPrice = (entries: SubCount[]) => new Map(entries.map((entry) => [entry.priceId, entry]));

describe('GET /sub-counts/prices', () => {
  it('counts active subscriptions (lifetime and paused included) and hides the numbers a price keeps private', async () => {
    const c = await catalogWithSubscribers();
    const ids = [c.visible, c.fullHidden, c.unlimited, c.limitedHidden, c.noSlots, c.draft].map((p) => p.id);
    const res = await get(`/sub-counts/prices?ids=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    const counts = byPrice(res.json());

    expect(counts.get(c.visible.id)).toEqual({
      priceId: c.visible.id,
      subCount: 4,
      occupancy: 0.8,
      slots: 5,
      hidden: false,
      full: false,
      expiring: soonest.toISOString(),
    });
    expect(counts.get(c.fullHidden.id)).toEqual({
      priceId: c.fullHidden.id,
      subCount: null,
      occupancy: null,
      slots: 2,
      hidden: true,
      full: true,
      expiring: null,
    });
    expect(counts.get(c.unlimited.id)).toMatchObject({
      subCount: 1,
      occupancy: null,
      slots: null,
      full: false,
    });
    expect(counts.get(c.limitedHidden.id)).toMatchObject({
      subCount: null,
      slots: 3,
      hidden: true,
      full: false,
    });
    expect(counts.get(c.noSlots.id)).toMatchObject({ subCount: 0, occupancy: 1, full: true });
    expect(counts.has(c.draft.id)).toBe(false);

    const states = [c.visible, c.fullHidden, c.unlimited, c.limitedHidden].map((p) =>
      slotState(counts.get(p.id)!),
    );
    expect(states).toEqual(['visible', 'full', 'none', 'hidden']);
  });

  it('accepts repeated ids, gives the owner the hidden numbers and other developers none', async () => {
    const c = await catalogWithSubscribers();
    const url = `/sub-counts/prices?ids=${c.fullHidden.id}&ids=${c.draft.id}`;
    const owner = byPrice((await get(url, await asUser(ctx, 'developer'))).json());
    expect(owner.get(c.fullHidden.id)).toMatchObject({ subCount: 2, occupancy: 1, hidden: true, full: true });
    expect(owner.get(c.fullHidden.id)?.expiring).toEqual(expect.any(String));
    expect(owner.get(c.draft.id)).toMatchObject({ subCount: 0, slots: 1, full: false });

    const other = byPrice((await get(url, await asUser(ctx, 'premium'))).json());
    expect(other.get(c.fullHidden.id)).toMatchObject({ subCount: null, occupancy: null, full: true });
    expect(other.has(c.draft.id)).toBe(false);
  });

  it('answers nothing for no ids and 400 for ids that are not ids', async () => {
    expect((await get('/sub-counts/prices')).json()).toEqual([]);
    const bad = await get('/sub-counts/prices?ids=1,abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The price id must be a positive whole number.' });
  });
});

describe('GET /sub-counts/plan/{id}', () => {
  it('gives one entry per buyable price to guests and per price to the owner', async () => {
    const c = await catalogWithSubscribers();
    const listed = [c.visible, c.fullHidden, c.unlimited, c.limitedHidden, c.noSlots].map((p) => p.id);
    const guest = await get(`/sub-counts/plan/${c.plan.id}`);
    expect(guest.statusCode).toBe(200);
    expect(guest.json().map((entry: SubCount) => entry.priceId)).toEqual(listed);

    const owner = await get(`/sub-counts/plan/${c.plan.id}`, await asUser(ctx, 'developer'));
    expect(owner.json().map((entry: SubCount) => entry.priceId)).toEqual([...listed, c.draft.id]);
    expect(byPrice(owner.json()).get(c.limitedHidden.id)?.subCount).toBe(1);
  });

  it('answers 404 for a hidden plan except to its owner and admins', async () => {
    const c = await catalogWithSubscribers({ hidden: true });
    expect((await get(`/sub-counts/plan/${c.plan.id}`)).statusCode).toBe(404);
    expect((await get(`/sub-counts/plan/${c.plan.id}`, await asUser(ctx, 'customer'))).statusCode).toBe(404);
    expect((await get(`/sub-counts/plan/${c.plan.id}`, await asUser(ctx, 'admin'))).statusCode).toBe(200);
  });
});

describe('GET /sub-counts/price/{id}', () => {
  it('always gives the owner and admins the full numbers', async () => {
    const c = await catalogWithSubscribers();
    for (const headers of [await asUser(ctx, 'developer'), await asUser(ctx, 'admin')]) {
      const res = await get(`/sub-counts/price/${c.limitedHidden.id}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        priceId: c.limitedHidden.id,
        subCount: 1,
        occupancy: 1 / 3,
        hidden: true,
      });
    }
  });

  it('refuses guests, customers and other developers', async () => {
    const c = await catalogWithSubscribers();
    expect((await get(`/sub-counts/price/${c.visible.id}`)).statusCode).toBe(401);
    expect((await get(`/sub-counts/price/${c.visible.id}`, await asUser(ctx, 'customer'))).statusCode).toBe(
      403,
    );
    const other = await get(`/sub-counts/price/${c.visible.id}`, await asUser(ctx, 'premium'));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: NOT_YOURS });
    expect((await get('/sub-counts/price/2147483647', await asUser(ctx, 'admin'))).statusCode).toBe(404);
  });
});
