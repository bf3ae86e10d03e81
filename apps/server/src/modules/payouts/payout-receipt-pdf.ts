import { PAYOUT_NOT_COMPLETED_LABEL } from '@ember/contracts/exports';
import { formatCredits, formatEuroCents } from '@ember/contracts/format';
import { EURO_CENTS_PER_CREDIT, payoutAmountText, payoutEuroCents } from '@ember/contracts/payout-amounts';
import type { PayoutResponse } from '@ember/contracts/payouts';
import {
  type ReceiptBrand,
  receiptDate,
  receiptDocument,
  referenceLink,
} from '../../lib/pdf/receipt-document.ts';

export type { ReceiptBrand };

/**
 * The payout receipt (spec §7 GET /payouts/{id}/receipt, §9 filename): the brand, the payee, the
 * amount paid in euros and the credits it settles, the request and completion dates, the status and the transfer reference (a
 * link annotation when it is an http(s) URL). One A4 page, built in memory (a few kilobytes).
 */
export function payoutReceiptPdf(
  payout: PayoutResponse,
  { brand, issuedAt }: { brand: ReceiptBrand; issuedAt: Date },
): Promise<Buffer> {
  const receipt = receiptDocument({
    brand,
    title: 'Payout receipt',
    subtitle: `Payout #${payout.id} · issued ${receiptDate(issuedAt.toISOString())}`,
    info: {
      Title: `${brand.name} payout receipt #${payout.id}`,
      Subject: `Payout #${payout.id} to ${payout.developer.username}`,
    },
  });

  // The amount paid, large, in euros; under it the credits of earnings it settles.
  receipt.amount(
    formatEuroCents(payoutEuroCents(payout.amount)),
    `for ${formatCredits(payout.amount)} ${payout.amount === 1 ? 'credit' : 'credits'} of developer earnings`,
  );

  receipt.section('Payee');
  receipt.row('Display name', payout.developer.displayName);
  receipt.row('Username', payout.developer.username);
  receipt.row('Discord ID', payout.developer.discordId);
  receipt.row('User ID', String(payout.userId));

  receipt.section('Payout');
  receipt.row('Amount', payoutAmountText(payout.amount));
  receipt.row('Status', payout.status);
  receipt.row('Requested', receiptDate(payout.date));
  receipt.row(
    'Completed',
    payout.completedDate ? receiptDate(payout.completedDate) : PAYOUT_NOT_COMPLETED_LABEL,
  );
  receipt.row('Description', payout.description || '—');
  receipt.row(
    'Reference',
    payout.reference ?? 'None yet: the owner adds it when the payout is paid',
    payout.reference ? referenceLink(payout.reference) : null,
  );

  receipt.footnote(
    `${brand.name} pays developer earnings in euros, at ${formatEuroCents(EURO_CENTS_PER_CREDIT)} a credit. Keep this receipt with the transfer it references.`,
  );
  return receipt.finish();
}
