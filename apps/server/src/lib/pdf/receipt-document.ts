import { formatDateTime } from '@ember/contracts/format';
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

/** A date as a receipt prints it, the web's table form in UTC, which it names: "25 Nov 2026, 21:15 UTC". */
export const receiptDate = (iso: string) => `${formatDateTime(iso, 'UTC')} UTC`;

/** The reference is a link when it is a valid http(s) URL; otherwise text. */
export function referenceLink(reference: string): string | null {
  try {
    const url = new URL(reference);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface ReceiptLayout {
  /** A large figure (the amount paid) and a muted line under it. */
  amount(figure: string, caption: string): void;
  /** A titled block with a rule under its title. */
  section(title: string): void;
  /** A label and its value; the value is a link annotation when `link` is given. */
  row(label: string, value: string, link?: string | null): void;
  /** Small print at the end. */
  footnote(text: string): void;
  /** Ends the document: its bytes. */
  finish(): Promise<Buffer>;
}

/**
 * One A4 receipt page in the store's look, built in memory (a few kilobytes): the flame mark, the
 * brand and its tagline, a title and a line under it. Payout and order receipts fill it the same way.
 */
export function receiptDocument({
  brand,
  title,
  subtitle,
  info,
}: {
  brand: ReceiptBrand;
  title: string;
  subtitle: string;
  info: { Title: string; Subject: string };
}): ReceiptLayout {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { ...info, Author: brand.name } });
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

  doc.y = MARGIN + 84;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(title, MARGIN, doc.y);
  doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(subtitle);
  doc.moveDown(0.8);

  return {
    amount(figure, caption) {
      doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(28).text(printable(figure));
      doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(printable(caption));
      doc.moveDown(1);
    },
    section(heading) {
      doc.moveDown(0.6);
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(heading, MARGIN, doc.y);
      const y = doc.y + 4;
      doc
        .save()
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .lineWidth(0.75)
        .stroke(RULE)
        .restore();
      doc.y = y + 8;
    },
    row(label, value, link) {
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
    },
    footnote(text) {
      doc.moveDown(2);
      doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(printable(text), MARGIN, doc.y, { width });
    },
    finish() {
      doc.end();
      return done;
    },
  };
}
