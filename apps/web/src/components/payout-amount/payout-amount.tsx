import { payoutEuroCents } from '@ember/contracts/payouts';
import { creditsCount, formatEuroCents } from '../../lib/format/money.ts';
import styles from './payout-amount.module.css';

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
