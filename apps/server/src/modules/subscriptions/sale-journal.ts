import { formatCredits } from '@ember/contracts/format';
import { type Sale, saleJournal } from '@ember/db/books/subscription-journals';
import { Invalid } from '../../lib/errors.ts';

/** The journal of one sale of a subscription, refusing a payer who cannot cover it with the price named. */
export function saleOf(sale: Omit<Sale, 'whenPayerShort'>) {
  return saleJournal({
    ...sale,
    whenPayerShort: (available) =>
      new Invalid(
        `Not enough credits: this costs ${formatCredits(sale.amount)} credits and you have ${formatCredits(available)}.`,
      ),
  });
}
