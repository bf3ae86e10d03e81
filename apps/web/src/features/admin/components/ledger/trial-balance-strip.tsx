import { LEDGER_ACCOUNTS, POSTING_ACCOUNTS, type PostingAccount } from '@ember/contracts/enums';
import { Button } from '../../../../components/ui/button/button.tsx';
import { formatCredits, signedCredits } from '../../../../lib/format/money.ts';
import { ledgerAccountLabel } from '../../../../lib/format/transaction-labels.ts';
import { useTrialBalance } from '../../api/admin-ledger-transactions.ts';
import styles from './ledger.module.css';

const isUserAccount = (account: string) => (LEDGER_ACCOUNTS as readonly string[]).includes(account);

/** Users' accounts first, then the system accounts in the books' own order. */
const byBooksOrder = (a: { account: PostingAccount }, b: { account: PostingAccount }) =>
  POSTING_ACCOUNTS.indexOf(a.account) - POSTING_ACCOUNTS.indexOf(b.account);

/**
 * The books' trial balance in one compact strip: every account's balance (users' credits and
 * earnings summed) and the total, 'Balanced ✓' when it is 0, the imbalance in red otherwise.
 */
export function TrialBalanceStrip() {
  const trial = useTrialBalance();
  if (trial.isError && !trial.data) {
    return (
      <div className={styles.error} role="alert">
        <p>We could not load the trial balance.</p>
        <Button variant="secondary" size="sm" onClick={() => void trial.refetch()} loading={trial.isFetching}>
          Retry
        </Button>
      </div>
    );
  }
  if (!trial.data) {
    return (
      <p className={styles.subtle} aria-live="polite">
        Adding up the books...
      </p>
    );
  }
  const { accounts, total } = trial.data;
  const balanced = total === 0;
  return (
    <section aria-label="Trial balance">
      <dl className={styles.trial}>
        <div className={`${styles.trialItem} ${styles.trialTotal} ${balanced ? '' : styles.trialOff}`}>
          <dt>Trial balance</dt>
          <dd data-testid="trial-balance-total">
            {balanced ? (
              <span className={styles.balanced}>Balanced ✓</span>
            ) : (
              <span className={styles.imbalance}>Off by {signedCredits(total)} ✗</span>
            )}
          </dd>
        </div>
        {[...accounts].sort(byBooksOrder).map((row) => (
          <div key={row.account} className={styles.trialItem}>
            <dt>
              {ledgerAccountLabel(row.account)}
              {isUserAccount(row.account) ? ` (${formatCredits(row.holders)} users)` : ''}
            </dt>
            <dd>{formatCredits(row.balance)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
