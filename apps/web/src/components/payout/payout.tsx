import { payoutEuroCents } from '@ember/contracts/payout-amounts';
import { creditsCount, formatEuroCents } from '../../lib/format/money.ts';
import styles from './payout.module.css';

// A payout as both its developer and the owner see it: the amount in credits and euros, and the
// transfer reference.

/** A reference the owner typed is a link only when it is a well-formed http(s) URL. */
function httpUrlOf(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A payout's transfer reference, the same for its developer and the owner: a link that opens in a
 * new tab when it is an http(s) URL, else the text; `empty` while there is none (pending).
 */
export function PayoutReference({
  reference,
  empty = 'None yet',
}: {
  reference: string | null;
  empty?: string;
}) {
  if (!reference) return <span className={styles.none}>{empty}</span>;
  const href = httpUrlOf(reference);
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={styles.reference}>
        {reference}
      </a>
    );
  }
  return <span className={styles.reference}>{reference}</span>;
}

/**
 * A payout's amount in a table cell: the credits, and under them the euros they are paid in
 * ('1,234 credits' / '€12.34'); the developer's and the owner's payouts tables show it alike.
 */
export function PayoutAmount({ credits }: { credits: number }) {
  return (
    <span className={styles.amount}>
      {creditsCount(credits)}
      <span className={styles.euros}>{formatEuroCents(payoutEuroCents(credits))}</span>
    </span>
  );
}
