import { CLIENT_ERRORS_PATH as TELEMETRY_URL } from '@ember/contracts/telemetry-limits';
import { describe, expect, it } from 'vitest';
import { asUser } from '../test-support/auth.ts';
import { useTestApp } from '../test-support/test-app.ts';

// Issue 12, bad input: text with control characters, out-of-range pages and ids written in
// another spelling are refused with a 400 and a sentence, never a 500 or a silent success.

const ctx = useTestApp();

/** POST /plans: a plan of the developer of `headers`. */
const createPlan = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/shop/plans', headers, payload });

const CONTROL_CHARACTER_MESSAGE = /contains a control character \(such as NUL\)\. Remove it and try again\./;

describe('deeply nested JSON', () => {
  // Issue 24, item 13: a body 8,000 levels deep was a 500 (the control-character walk recursed without a limit).
  it('refuses a body nested thousands deep with 400 before parsing, signed in or not', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const [url, headers] of [
      [TELEMETRY_URL, {}],
      ['/api/shop/plans', await asUser(ctx, 'developer')],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: `{"name":${deep}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is nested too deeply (more than 32 levels).');
    }
  });

  it('still reads brackets inside strings as text, and ordinary bodies as before', async () => {
    const headers = await asUser(ctx, 'developer');
    const res = await createPlan(headers, { name: `Brackets ${'['.repeat(40)}`, description: 'A plan' });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe(`Brackets ${'['.repeat(40)}`);
  });
});

describe('control characters in text', () => {
  it('refuses a NUL byte in the public plan search with 400 and a clear message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans?name=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(CONTROL_CHARACTER_MESSAGE);
    expect(res.json().message).toContain("'name'");
  });

  it('refuses other control characters in a query filter', async () => {
    for (const character of ['%01', '%1B', '%7F', '%C2%85']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/shop/plans?name=ember${character}`,
      });
      expect(res.statusCode, character).toBe(400);
      expect(res.json().message).toMatch(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it('refuses a control character in a JSON body and creates nothing', async () => {
    const headers = await asUser(ctx, 'developer');
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/my', headers })).json();
    const res = await createPlan(headers, { name: 'Null\u0000plan', description: 'A plan' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(CONTROL_CHARACTER_MESSAGE);
    expect(res.json().message).toContain("'name'");
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/my', headers })).json();
    expect(after).toHaveLength(before.length);
  });

  it('keeps line breaks and tabs in multi-line text', async () => {
    const headers = await asUser(ctx, 'developer');
    const res = await createPlan(headers, {
      name: 'Multi-line plan',
      description: 'First line\r\nSecond line\twith a tab',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('paging bounds', () => {
  it('refuses a page so large the offset would overflow with 400', async () => {
    for (const page of ['9007199254740991', '100000000000', '1000001']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans?page=${page}&size=100` });
      expect(res.statusCode, page).toBe(400);
      expect(res.json().message).toBe('The page can be at most 1000000.');
    }
  });

  it('still answers the last allowed page (empty)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans?page=1000000&size=100' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual([]);
  });

  it('refuses a page size outside the allowed range', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans?size=1000000000000' });
    expect(res.statusCode).toBe(400);
  });
});

describe('ids are canonical decimal integers', () => {
  it('answers the plain spelling of an id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/3' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses hex, exponent, fraction, sign, padded and out-of-range spellings with 400', async () => {
    for (const id of ['0x3', '1e0', '3.0', '03', '+3', '-3', '0', '%203', '2147483648', '99999999999']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toBe('The plan id must be a positive whole number.');
    }
  });

  it('refuses a non-canonical id in a query string and in a list filter', async () => {
    const headers = await asUser(ctx, 'admin');
    const prices = await ctx.app.inject({ method: 'GET', url: '/api/shop/prices?planId=0x3', headers });
    expect(prices.statusCode).toBe(400);
    const labels = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans?labelIds=1e0' });
    expect(labels.statusCode).toBe(400);
    expect(labels.json().message).toBe('The label id must be a positive whole number.');
  });
});
