import {
  BALANCES_CSV_COLUMNS,
  BALANCES_EXPORT_FILENAME,
  PAYOUTS_BATCH_CSV_COLUMNS,
  PAYOUTS_BATCH_FILENAME,
} from '@ember/contracts/exports';
import type { DemoUsername } from '@ember/db/demo/demo-accounts';
import { payouts } from '@ember/db/schema/payouts';
import { users } from '@ember/db/schema/users';
import { makeUser } from '@ember/db/seed/factories';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser, grant } from '../../../test-support/test-data.ts';
import { csvStream, keysetBatches } from '../../lib/csv.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import { balancesAfter } from '../users/index.ts';
import { pendingPayoutsAfter } from './exports.repository.ts';
import { EXPORT_BATCHES } from './payouts.service.ts';

const ctx = useTestApp();

type Headers = Record<string, string>;
const get = (headers: Headers, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/commerce${url}`, headers });
const post = (headers: Headers, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/commerce${url}`, headers, ...(payload ? { payload } : {}) });

/**
 * RFC 4180 read back by hand (csv-parse is not a dependency): quoted cells may hold commas, quotes
 * (doubled) and line breaks; records end with CRLF. Throws on anything malformed.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  const endCell = () => {
    record.push(cell);
    cell = '';
  };
  while (i < text.length) {
    const char = text[i];
    if (char === '"' && cell === '') {
      // A quoted cell: up to the closing quote; "" is one quote.
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error('unterminated quoted cell');
        cell += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          cell += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      const next = text.slice(i, i + 2);
      if (next !== '\r\n' && text[i] !== ',' && i < text.length)
        throw new Error(`text after a quoted cell at ${i}`);
    } else if (char === ',') {
      endCell();
      i++;
    } else if (char === '\r' && text[i + 1] === '\n') {
      endCell();
      records.push(record);
      record = [];
      i += 2;
    } else if (char === '\n' || char === '\r' || char === '"') {
      throw new Error(`bare ${JSON.stringify(char)} in an unquoted cell at ${i}`);
    } else {
      cell += char;
      i++;
    }
  }
  if (cell !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

const csvOf = (body: string) => {
  const [header, ...rows] = parseCsv(body);
  return { header, rows };
};

describe(`GET /balance-exporter/export`, () => {
  it("gives the owner every account's balances as an export.csv attachment, by id", async () => {
    const rich = await givenUser(ctx, { credits: 1_234_567, displayName: 'Rich, "Quoted" Person' });
    await grant(ctx, rich.id, 890, 'EARNINGS');
    const disabled = await givenUser(ctx, { enabled: false });

    const res = await get(await asUser(ctx, 'owner'), '/balance-exporter/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${BALANCES_EXPORT_FILENAME}"`);
    expect(BALANCES_EXPORT_FILENAME).toBe('export.csv');
    expect(res.headers['cache-control']).toBe('no-store');

    const { header, rows } = csvOf(res.body);
    expect(header).toEqual([...BALANCES_CSV_COLUMNS]);
    const everyone = await ctx.database.db
      .select({ id: users.id, balance: users.balance, earnings: users.earnings })
      .from(users)
      .orderBy(asc(users.id));
    expect(rows.map((row) => Number(row[0]))).toEqual(everyone.map((user) => user.id));
    for (const row of rows) expect(row).toHaveLength(BALANCES_CSV_COLUMNS.length);
    // The cached balances the books keep, row by row.
    expect(rows.map((row) => [Number(row[4]), Number(row[5])])).toEqual(
      everyone.map((user) => [user.balance, user.earnings]),
    );
    expect(rows.find((row) => row[0] === String(rich.id))).toEqual([
      String(rich.id),
      rich.discordId,
      rich.username,
      'Rich, "Quoted" Person',
      '1234567',
      '890',
      'true',
    ]);
    expect(rows.find((row) => row[0] === String(disabled.id))?.[6]).toBe('false');
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const formulas = [
      await givenUser(ctx, { username: '=HYPERLINK("http://x")', displayName: '+1+1' }),
      await givenUser(ctx, { username: '@SUM(1)', displayName: '\tTabbed' }),
      await givenUser(ctx, { username: '-2+3', displayName: '\rReturn' }),
    ];
    const res = await get(await asUser(ctx, 'owner'), '/balance-exporter/export');
    const { rows } = csvOf(res.body);
    const cells = formulas.map((user) => rows.find((row) => row[0] === String(user.id))?.slice(2, 4));
    expect(cells).toEqual([
      [`'=HYPERLINK("http://x")`, "'+1+1"],
      ["'@SUM(1)", "'\tTabbed"],
      ["'-2+3", "'\rReturn"],
    ]);
  });

  it('streams more accounts than one batch through HTTP, each once, in id order', async () => {
    // More than the first batch (EXPORT_BATCHES.first) so the download spans several queries.
    await ctx.database.db
      .insert(users)
      .values(Array.from({ length: EXPORT_BATCHES.first * 2 + 7 }, () => makeUser()));
    const res = await get(await asUser(ctx, 'owner'), '/balance-exporter/export');
    expect(res.statusCode).toBe(200);
    const { rows } = csvOf(res.body);
    const everyone = await ctx.database.db.select({ id: users.id }).from(users).orderBy(asc(users.id));
    expect(everyone.length).toBeGreaterThan(EXPORT_BATCHES.first * 2);
    expect(rows.map((row) => Number(row[0]))).toEqual(everyone.map((user) => user.id));
  });

  it('reads every account exactly once across keyset batches', async () => {
    const everyone = await ctx.database.db.select({ id: users.id }).from(users).orderBy(asc(users.id));
    for (const batchSize of [1, 3, everyone.length, everyone.length + 1]) {
      const seen: number[] = [];
      for await (const batch of keysetBatches(
        (afterId, limit) => balancesAfter(ctx.database.db, afterId, limit),
        {
          first: Math.max(1, batchSize - 1),
          size: batchSize,
        },
      ))
        seen.push(...batch.map((row) => row.id));
      expect(seen, `batches of ${batchSize}`).toEqual(everyone.map((user) => user.id));
    }
  });
});

describe(`GET /payouts/batch`, () => {
  async function premiumRequests(amounts: number[], username?: string) {
    const developer = await givenUser(ctx, {
      roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'],
      ...(username ? { username } : {}),
    });
    await grant(ctx, developer.id, 100_000, 'EARNINGS');
    const headers = await headersFor(ctx, developer.id);
    const ids: number[] = [];
    for (const amount of amounts) {
      const res = await post(headers, `/payouts/request?amount=${amount}`);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    return { developer, ids };
  }

  it('gives the owner the pending payouts, oldest request first, as a CSV attachment', async () => {
    const owner = await asUser(ctx, 'owner');
    const first = await premiumRequests([1500, 2500], '@SUM(1)');
    const second = await premiumRequests([700]);
    // One of them is paid: it leaves the batch.
    expect(
      (await post(owner, `/payouts/${first.ids[1]}`, { reference: 'https://bank.example/t/1' })).statusCode,
    ).toBe(200);
    // The oldest request is listed first whatever its id.
    await ctx.database.db
      .update(payouts)
      .set({ date: sql`timestamptz '2001-01-01 00:00:00+00'` })
      .where(eq(payouts.id, second.ids[0] as number));

    const res = await get(owner, '/payouts/batch');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${PAYOUTS_BATCH_FILENAME}"`);
    expect(res.headers['cache-control']).toBe('no-store');

    const { header, rows } = csvOf(res.body);
    expect(header).toEqual([...PAYOUTS_BATCH_CSV_COLUMNS]);
    // The amount in both units, each named in its header (issue 34).
    expect(header).toEqual([
      'payoutId',
      'userId',
      'discordId',
      'username',
      'amountCredits',
      'amountEur',
      'requestDate (ISO 8601 UTC)',
      'description',
    ]);
    const pending = await ctx.database.db
      .select({ id: payouts.id, date: payouts.date })
      .from(payouts)
      .where(eq(payouts.completed, false))
      .orderBy(asc(payouts.date), asc(payouts.id));
    expect(rows.map((row) => Number(row[0]))).toEqual(pending.map((payout) => payout.id));
    expect(rows.map((row) => row[0])).not.toContain(String(first.ids[1]));
    expect(rows[0]?.[0]).toBe(String(second.ids[0]));

    const mine = rows.find((row) => row[0] === String(first.ids[0]));
    expect(mine).toEqual([
      String(first.ids[0]),
      String(first.developer.id),
      first.developer.discordId,
      "'@SUM(1)",
      '1500',
      '15.00',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      'Withdrawal request',
    ]);
    expect(new Date(mine?.[6] ?? '').getTime()).toBe(
      pending.find((payout) => payout.id === first.ids[0])?.date.getTime(),
    );
  });

  it('reads every pending payout exactly once across keyset batches, ties on the date included', async () => {
    const { ids } = await premiumRequests([10, 20, 30, 40]);
    // Same instant (with microseconds) for three of them: the key is (date, id).
    await ctx.database.db
      .update(payouts)
      .set({ date: sql`timestamptz '2026-01-02 03:04:05.123456+00'` })
      .where(inArray(payouts.id, ids.slice(0, 3)));
    const expected = await ctx.database.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.completed, false))
      .orderBy(asc(payouts.date), asc(payouts.id));
    for (const batchSize of [1, 2, 100]) {
      const seen: number[] = [];
      for await (const batch of keysetBatches(
        (afterId, limit) => pendingPayoutsAfter(ctx.database.db, afterId, limit),
        { first: batchSize, size: batchSize },
      ))
        seen.push(...batch.map((row) => row.id));
      expect(seen, `batches of ${batchSize}`).toEqual(expected.map((payout) => payout.id));
    }
  });
});

describe('csvStream', () => {
  it('fails the stream when reading rows fails, after the rows it had', async () => {
    async function* failing() {
      yield [[1, 'a']];
      throw new Error('the database went away');
    }
    let text = '';
    await expect(
      (async () => {
        for await (const chunk of csvStream(['id', 'name'], failing())) text += chunk;
      })(),
    ).rejects.toThrow('the database went away');
    expect(text.startsWith('id,name\r\n')).toBe(true);
  });

  it('stops reading rows when the reader goes away', async () => {
    let batchesRead = 0;
    let finished = false;
    async function* endless() {
      try {
        for (;;) {
          batchesRead++;
          yield Array.from({ length: 1000 }, (_, i) => [i, 'x'.repeat(50)]);
        }
      } finally {
        finished = true;
      }
    }
    const stream = csvStream(['id', 'name'], endless());
    for await (const _chunk of stream) break; // destroys the stream
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(true);
    expect(batchesRead).toBeLessThan(5);
  });
});

describe('the owner exports refuse everyone else', () => {
  const others: DemoUsername[] = ['admin', 'payments', 'staff', 'developer', 'premium', 'vip', 'customer'];
  for (const path of ['/balance-exporter/export', '/payouts/batch']) {
    it.each(others)(`${path}: 403 for %s`, async (username) => {
      const res = await get(await asUser(ctx, username), path);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.ROLE });
      expect(res.headers['content-disposition']).toBeUndefined();
    });

    it(`${path}: 401 for a guest`, async () => {
      const res = await get({}, path);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.SIGN_IN });
    });
  }
});
