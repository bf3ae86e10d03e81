import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { requestsTo } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { daysFromNow, givenCode, givenPriceOf, givenUser } from '../../../test-support/test-data.ts';

const ctx = useTestApp();

const U = DEMO_USER_IDS;
const api = requestsTo(ctx);

const nextMonth = () => daysFromNow(30).toISOString();

async function developerWithPrice() {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  const { price } = await givenPriceOf(ctx, developer.id, { price: 500 });
  return { developer, price, headers: await headersFor(ctx, developer.id) };
}

describe('POST /discount-codes', () => {
  it('creates a code with a server-made id, enabled and unlimited by default', async () => {
    const { price, headers } = await developerWithPrice();
    const validUntil = nextMonth();
    const res = await api('POST', headers, '/discount-codes', {
      priceId: price.id,
      discountPercent: 20,
      validUntil,
    });
    expect(res.statusCode).toBe(201);
    const code = res.json();
    expect(code).toMatchObject({
      priceId: price.id,
      discountPercent: 20,
      maxUses: 0,
      uses: 0,
      validUntil,
      enabled: true,
    });
    expect(code.id).toMatch(/^[A-Z0-9_-]{3,32}$/);
  });

  it('takes a chosen code, upper-cased, and refuses a duplicate with 409', async () => {
    const { price, headers } = await developerWithPrice();
    const body = {
      id: ' spring-sale ',
      priceId: price.id,
      discountPercent: 10,
      maxUses: 3,
      validUntil: nextMonth(),
      enabled: false,
    };
    const res = await api('POST', headers, '/discount-codes', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: 'SPRING-SALE', maxUses: 3, enabled: false });
    const again = await api('POST', headers, '/discount-codes', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A discount code SPRING-SALE already exists. Choose another code.');
  });

  it('reads a plain date as the end of that day', async () => {
    const { price, headers } = await developerWithPrice();
    const res = await api('POST', headers, '/discount-codes', {
      priceId: price.id,
      discountPercent: 5,
      validUntil: '2099-03-31',
    });
    expect(res.json().validUntil).toBe('2099-03-31T23:59:59.999Z');
  });

  it('takes an empty "Valid until" as no end date, and a buyer can use such a code', async () => {
    const { price, headers } = await developerWithPrice();
    for (const [id, validUntil] of [
      ['NOEND-BLANK', ''],
      ['NOEND-SPACES', '  '],
      ['NOEND-NULL', null],
      ['NOEND-MISSING', undefined],
    ] as const) {
      const res = await api('POST', headers, '/discount-codes', {
        id,
        priceId: price.id,
        discountPercent: 15,
        ...(validUntil === undefined ? {} : { validUntil }),
      });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({ id, validUntil: null });
    }
    expect((await api('GET', headers, `/discount-codes/by-price/${price.id}`)).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'NOEND-BLANK', validUntil: null })]),
    );
    const check = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/subscriptions/discount-check?priceId=${price.id}&discountCode=NOEND-BLANK`,
      headers: await asUser(ctx, 'customer'),
    });
    expect(check.json()).toEqual({ discountCode: 'NOEND-BLANK', discountPercent: 15 });
  });

  it.each([
    [{ discountPercent: 0 }, 'Discount percent must be greater than 0'],
    [{ discountPercent: -5 }, 'Discount percent must be greater than 0'],
    [{ discountPercent: 101 }, 'Discount percent can be at most 100.'],
    [{ maxUses: -1 }, 'Max uses must be positive or zero.'],
    [{ maxUses: 1.5 }, 'Max uses must be positive or zero.'],
    // A fixed past date: a computed one would put the time into the test's name, different every run.
    [{ validUntil: '2020-01-31T12:00:00.000Z' }, 'Valid until must be greater than today'],
    [{ validUntil: 'tomorrow' }, 'Valid until must be a date, like 2030-01-31 or 2030-01-31T12:00:00Z.'],
    [{ id: 'no spaces!' }, 'A code is 3 to 32 letters, digits, - or _.'],
  ])('refuses %j with 400 and its message', async (change, message) => {
    const { price, headers } = await developerWithPrice();
    const body = { priceId: price.id, discountPercent: 10, validUntil: nextMonth(), ...change };
    const res = await api('POST', headers, '/discount-codes', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('is refused for a price of someone else (403), to customers (403) and for an unknown price (404)', async () => {
    const body = { priceId: 1, discountPercent: 10, validUntil: nextMonth() };
    expect((await api('POST', await asUser(ctx, 'developer'), '/discount-codes', body)).statusCode).toBe(403);
    expect((await api('POST', await asUser(ctx, 'customer'), '/discount-codes', body)).statusCode).toBe(403);
    expect(
      (await api('POST', await asUser(ctx, 'admin'), '/discount-codes', { ...body, priceId: 99999 }))
        .statusCode,
    ).toBe(404);
    expect((await api('POST', await asUser(ctx, 'admin'), '/discount-codes', body)).statusCode).toBe(201);
  });
});

describe('GET /discount-codes', () => {
  it('lists the codes of a price and reads one, for the price owner and admins', async () => {
    const mossforge = await headersFor(ctx, U.mossforge);
    const list = await api('GET', mossforge, '/discount-codes/by-price/1');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((code: { id: string }) => code.id)).toEqual(
      expect.arrayContaining(['ROOFTOP25', 'FIRST5']),
    );
    expect((await api('GET', mossforge, '/discount-codes/first5')).json()).toMatchObject({
      id: 'FIRST5',
      uses: 5,
      maxUses: 5,
    });
    expect((await api('GET', await asUser(ctx, 'admin'), '/discount-codes/by-price/1')).statusCode).toBe(200);
  });

  it('is refused to other developers and customers; 404 for unknown codes and prices', async () => {
    expect((await api('GET', await asUser(ctx, 'developer'), '/discount-codes/by-price/1')).statusCode).toBe(
      403,
    );
    expect((await api('GET', await asUser(ctx, 'developer'), '/discount-codes/ROOFTOP25')).statusCode).toBe(
      403,
    );
    expect((await api('GET', await asUser(ctx, 'customer'), '/discount-codes/ROOFTOP25')).statusCode).toBe(
      403,
    );
    expect((await api('GET', await asUser(ctx, 'admin'), '/discount-codes/NOPE123')).statusCode).toBe(404);
    expect((await api('GET', await asUser(ctx, 'admin'), '/discount-codes/by-price/99999')).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /discount-codes/{id}', () => {
  it('changes only the fields sent', async () => {
    const { price, headers } = await developerWithPrice();
    const code = await givenCode(ctx, { id: 'EDITME', priceId: price.id, discountPercent: 10, maxUses: 5 });
    const res = await api('PUT', headers, '/discount-codes/EDITME', {
      id: 'EDITME',
      discountPercent: 30,
      enabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'EDITME',
      discountPercent: 30,
      maxUses: 5,
      enabled: false,
      validUntil: code.validUntil?.toISOString(),
    });
  });

  it('removes an end date with a blank or null "Valid until", and sets one again', async () => {
    const { price, headers } = await developerWithPrice();
    await givenCode(ctx, { id: 'ENDLESS', priceId: price.id });
    const blank = await api('PUT', headers, '/discount-codes/ENDLESS', { id: 'ENDLESS', validUntil: '' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().validUntil).toBeNull();
    const dated = await api('PUT', headers, '/discount-codes/ENDLESS', {
      id: 'ENDLESS',
      validUntil: '2099-01-31',
    });
    expect(dated.json().validUntil).toBe('2099-01-31T23:59:59.999Z');
    const cleared = await api('PUT', headers, '/discount-codes/ENDLESS', { id: 'ENDLESS', validUntil: null });
    expect(cleared.json().validUntil).toBeNull();
    // Left out, it stays as it is.
    const untouched = await api('PUT', headers, '/discount-codes/ENDLESS', {
      id: 'ENDLESS',
      discountPercent: 40,
    });
    expect(untouched.json()).toMatchObject({ discountPercent: 40, validUntil: null });
  });

  it('refuses max uses below the uses so far, a past date, a mismatched id and other owners', async () => {
    const { price, headers } = await developerWithPrice();
    await givenCode(ctx, { id: 'USEDTWICE', priceId: price.id, maxUses: 5, uses: 2 });
    const lower = await api('PUT', headers, '/discount-codes/USEDTWICE', { id: 'USEDTWICE', maxUses: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(
      'This code has been used 2 times, so max uses must be 0 (unlimited) or at least 2.',
    );
    expect(
      (await api('PUT', headers, '/discount-codes/USEDTWICE', { id: 'USEDTWICE', maxUses: 0 })).statusCode,
    ).toBe(200);

    const past = await api('PUT', headers, '/discount-codes/USEDTWICE', {
      id: 'USEDTWICE',
      validUntil: daysFromNow(-2).toISOString(),
    });
    expect(past.json()).toEqual({ message: 'Valid until must be greater than today' });
    const mismatch = await api('PUT', headers, '/discount-codes/USEDTWICE', { id: 'OTHER', enabled: true });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The code in the body does not match the address.');
    const stranger = await api('PUT', await asUser(ctx, 'developer'), '/discount-codes/USEDTWICE', {
      id: 'USEDTWICE',
    });
    expect(stranger.statusCode).toBe(403);
  });
});
