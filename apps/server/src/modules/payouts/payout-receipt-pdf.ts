import { PAYOUT_NOT_COMPLETED_LABEL } from '@ember/contracts/exports';
import { formatCredits, formatDateTime, formatEuroCents } from '@ember/contracts/format';
import { EURO_CENTS_PER_CREDIT, payoutAmountText, payoutEuroCents } from '@ember/contracts/payout-amounts';
import type { PayoutResponse } from '@ember/contracts/payouts';
import PDFDocument from 'pdfkit';

/** The store's brand as the deployment names it (env BRAND_NAME, BRAND_TAGLINE). */
export interface ReceiptBrand {
  name: string;
  tagline: string;
}

// The web's brand mark (apps/web/public/brand/logo-mark.svg, a 32×32 view box) and its colours.
const MARK_PATH =
  'M16.6 2.2c.9 4.6 4.2 7.4 6.3 10.6 1.4 2.1 2.3 4.4 2.3 7.1 0 5.6-4.1 9.9-9.2 9.9s-9.2-4.2-9.2-9.4c0-3.6 1.6-6.3 3.9-8.4.3 2.4 1.2 4 2.8 4.9-.8-5.6.6-10.7 3.1-14.7zM16.3 16.6c-.9 1.7-1.3 3.6-1 5.5-.8-.3-1.4-1-1.6-2-1.3 1-2.1 2.4-2.1 4.1 0 2.5 1.9 4.4 4.4 4.4s4.4-2 4.4-4.7c0-3.4-2.5-5-4.1-7.3z';
const ACCENT = '#ff6a2b';
const INK = '#1a1a1f';
const MUTED = '#5f6270';
const RULE = '#d9dbe1';

const MARGIN = 56;
const LABEL_WIDTH = 150;

// The standard PDF fonts (Helvetica) encode WinAnsi only: Latin-1 and these extras.
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text as Helvetica can print it: a character outside WinAnsi (an emoji, CJK in a display name)
 * becomes '?' rather than bytes that render as garbage; control characters become spaces.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRAS.has(char)) out += char;
    else out += '?';
  }
  return out;
}

/** A date as the receipt prints it, the web's table form in UTC, which it names: "25 Nov 2026, 21:15 UTC". */
const receiptDate = (iso: string) => `${formatDateTime(iso, 'UTC')} UTC`;

/** The reference is a link when it is a valid http(s) URL (the owner's transfer link); otherwise text. */
export function referenceLink(reference: string): string | null {
  try {
    const url = new URL(reference);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The payout receipt (spec §7 GET /payouts/{id}/receipt, §9 filename): the brand, the payee, the
 * amount paid in euros and the credits it settles, the request and completion dates, the status and the transfer reference (a
 * link annotation when it is an http(s) URL). One A4 page, built in memory (a few kilobytes).
 */
export function payoutReceiptPdf(
  payout: PayoutResponse,
  { brand, issuedAt }: { brand: ReceiptBrand; issuedAt: Date },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${brand.name} payout receipt #${payout.id}`,
      Author: brand.name,
      Subject: `Payout #${payout.id} to ${payout.developer.username}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;

  // Brand: the flame mark, the name and the tagline.
  const gradient = doc.linearGradient(9, 30, 22, 3);
  gradient.stop(0, '#ff4d1a').stop(0.55, '#ff8a1f').stop(1, '#ffc24a');
  doc.save().translate(MARGIN, MARGIN).scale(1.5).path(MARK_PATH).fill(gradient, 'even-odd').restore();
  doc
    .save()
    .circle(MARGIN + 24.6 * 1.5, MARGIN + 6.2 * 1.5, 1.5 * 1.5)
    .fill('#ffb23f')
    .restore();
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(24)
    .text(printable(brand.name), MARGIN + 60, MARGIN + 4);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(printable(brand.tagline), MARGIN + 60, MARGIN + 32);

  // Title.
  doc.y = MARGIN + 84;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text('Payout receipt', MARGIN, doc.y);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(`Payout #${payout.id} · issued ${receiptDate(issuedAt.toISOString())}`);
  doc.moveDown(0.8);

  // The amount paid, large, in euros; under it the credits of earnings it settles.
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(28)
    .text(formatEuroCents(payoutEuroCents(payout.amount)));
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(
      `for ${formatCredits(payout.amount)} ${payout.amount === 1 ? 'credit' : 'credits'} of developer earnings`,
    );
  doc.moveDown(1);

  const section = (title: string) => {
    doc.moveDown(0.6);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(title, MARGIN, doc.y);
    const y = doc.y + 4;
    doc
      .save()
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.75)
      .stroke(RULE)
      .restore();
    doc.y = y + 8;
  };
  const row = (label: string, value: string, link?: string | null) => {
    const y = doc.y;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(10)
      .text(label, MARGIN, y, { width: LABEL_WIDTH - 10 });
    const labelBottom = doc.y;
    doc
      .fillColor(link ? ACCENT : INK)
      .font('Helvetica')
      .fontSize(10)
      .text(printable(value), MARGIN + LABEL_WIDTH, y, {
        width: width - LABEL_WIDTH,
        ...(link ? { link, underline: true } : {}),
      });
    doc.y = Math.max(doc.y, labelBottom) + 6;
  };

  section('Payee');
  row('Display name', payout.developer.displayName);
  row('Username', payout.developer.username);
  row('Discord ID', payout.developer.discordId);
  row('User ID', String(payout.userId));

  section('Payout');
  row('Amount', payoutAmountText(payout.amount));
  row('Status', payout.status);
  row('Requested', receiptDate(payout.date));
  row('Completed', payout.completedDate ? receiptDate(payout.completedDate) : PAYOUT_NOT_COMPLETED_LABEL);
  row('Description', payout.description || '—');
  row(
    'Reference',
    payout.reference ?? 'None yet: the owner adds it when the payout is paid',
    payout.reference ? referenceLink(payout.reference) : null,
  );

  doc.moveDown(2);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(
      `${brand.name} pays developer earnings in euros, at ${formatEuroCents(EURO_CENTS_PER_CREDIT)} a credit. Keep this receipt with the transfer it references.`,
      MARGIN,
      doc.y,
      { width },
    );

  doc.end();
  return done;
}
