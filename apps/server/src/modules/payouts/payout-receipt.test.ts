import {
  PAYOUT_NOT_COMPLETED_LABEL,
  payoutReceiptFilename,
  payoutReceiptPath,
} from '@ember/contracts/exports';
import { PAYOUT_RECEIPT_PENDING_MESSAGE } from '@ember/contracts/payouts';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { readPdf } from '../../../test-support/read-pdf.ts';
import { requestsTo } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser, grant } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const ctx = useTestApp();

type Headers = Record<string, string>;
const commerce = requestsTo(ctx, '/api/commerce');

async function premiumDeveloper(overrides: { displayName?: string; username?: string } = {}) {
  const developer = await givenUser(ctx, {
    roles: ['CUSTOMER', 'DEVELOPER', 'PREMIUM_DEVELOPER'],
    ...overrides,
  });
  await grant(ctx, developer.id, 50_000, 'EARNINGS');
  return { developer, headers: await headersFor(ctx, developer.id) };
}

async function requestPayout(headers: Headers, amount: number): Promise<number> {
  const res = await commerce('POST', headers, `/payouts/request?amount=${amount}`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('GET /payouts/{id}/receipt', () => {
  it('gives the developer the receipt of their paid payout: euros first, the credits they settle, no "in credits"', async () => {
    const { developer, headers } = await premiumDeveloper({ displayName: 'Rhea Receipts 🔥' });
    const id = await requestPayout(headers, 12_500);
    const owner = await asUser(ctx, 'owner');
    expect((await commerce('POST', owner, `/payouts/${id}`, { reference: 'SEPA 77' })).statusCode).toBe(200);

    const res = await commerce('GET', headers, payoutReceiptPath(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payout-receipt-${id}.pdf"`);
    expect(payoutReceiptFilename(id)).toBe(`payout-receipt-${id}.pdf`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Ember');
    expect(pdf.text).toContain('Payout receipt');
    expect(pdf.text).toContain(`Payout #${id}`);
    // The headline is what was paid, in euros; the amount row gives both units.
    const words = pdf.text.replace(/\s+/g, ' ');
    expect(words).toContain('€125.00 for 12,500 credits of developer earnings');
    expect(pdf.text).toContain('12,500 credits (€125.00)');
    expect(pdf.text).toContain('Ember pays developer earnings in euros, at €0.01 a credit.');
    expect(pdf.text).not.toContain('in credits');
    // Helvetica prints WinAnsi only: the emoji becomes '?', not mojibake.
    expect(pdf.text).toContain('Rhea Receipts ?');
    expect(pdf.text).toContain(developer.username);
    expect(pdf.text).toContain(developer.discordId);
    expect(words).toContain('Status Completed');
    expect(pdf.text).not.toContain(PAYOUT_NOT_COMPLETED_LABEL);
    // Dates in the pages' table form, in UTC, which the receipt names (decision 0039): '25 Nov 2026, 21:15 UTC'.
    expect(pdf.text).toMatch(
      /Requested\s*\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec) \d{4}, \d{2}:\d{2} UTC/,
    );
    expect(pdf.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(pdf.links).toEqual([]);
  });

  it('has no receipt for a pending payout: 409 with the reason, for the developer and the owner', async () => {
    const { headers } = await premiumDeveloper();
    const id = await requestPayout(headers, 700);
    for (const who of [headers, await asUser(ctx, 'owner')]) {
      const res = await commerce('GET', who, payoutReceiptPath(id));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PAYOUT_RECEIPT_PENDING_MESSAGE });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('gives the owner the receipt of a paid payout, with its reference as a link', async () => {
    const { headers } = await premiumDeveloper();
    const id = await requestPayout(headers, 45_000);
    const reference = 'https://bank.example/transfers/98765?ref=ember';
    const owner = await asUser(ctx, 'owner');
    expect((await commerce('POST', owner, `/payouts/${id}`, { reference })).statusCode).toBe(200);

    const res = await commerce('GET', owner, payoutReceiptPath(id));
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).toContain('45,000 credits (€450.00)');
    expect(pdf.text).toContain('Completed');
    expect(pdf.text).not.toContain(PAYOUT_NOT_COMPLETED_LABEL);
    expect(pdf.text).toContain(reference);
    expect(pdf.links).toEqual([reference]);
    // The developer gets the same receipt.
    expect((await commerce('GET', headers, payoutReceiptPath(id))).statusCode).toBe(200);
  });

  it('prints a reference that is not a URL as text, without a link', async () => {
    const { headers } = await premiumDeveloper();
    const id = await requestPayout(headers, 300);
    const reference = 'SEPA 2026-11-25 #4471';
    await commerce('POST', await asUser(ctx, 'owner'), `/payouts/${id}`, { reference });
    const pdf = await readPdf((await commerce('GET', headers, payoutReceiptPath(id))).rawPayload);
    expect(pdf.text).toContain(reference);
    expect(pdf.text).toContain('300 credits (€3.00)');
    expect(pdf.links).toEqual([]);
  });

  it("refuses another developer's receipt, and everyone but the payee and the owner", async () => {
    const theirs = await premiumDeveloper();
    const id = await requestPayout(theirs.headers, 100);
    await commerce('POST', await asUser(ctx, 'owner'), `/payouts/${id}`, { reference: 'SEPA 1' });
    const mine = await premiumDeveloper();

    const other = await commerce('GET', mine.headers, payoutReceiptPath(id));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    expect(other.headers['content-disposition']).toBeUndefined();

    for (const username of ['admin', 'payments', 'staff', 'developer', 'customer'] as const) {
      const res = await commerce('GET', await asUser(ctx, username), payoutReceiptPath(id));
      expect(res.statusCode, username).toBe(403);
    }
    const guest = await commerce('GET', {}, payoutReceiptPath(id));
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: REFUSAL_MESSAGES.SIGN_IN });
  });

  it('answers 404 for an unknown payout and 400 for an id that is not a number', async () => {
    const owner = await asUser(ctx, 'owner');
    const unknown = await commerce('GET', owner, payoutReceiptPath(2_000_000_000));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No payout with id 2000000000.' });
    const bad = await commerce('GET', owner, '/payouts/abc/receipt');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });

  it('gives the seeded premium developer the receipt of their seeded paid payout', async () => {
    const headers = await asUser(ctx, 'premium');
    const own = await commerce('GET', headers, '/payouts?status=Completed');
    const payout = own.json().content[0];
    expect(payout.userId).toBe(DEMO_USER_IDS.premium);
    const res = await commerce('GET', headers, payoutReceiptPath(payout.id));
    expect(res.statusCode).toBe(200);
    expect((await readPdf(res.rawPayload)).text).toContain('Priya Premium');
  });
});
