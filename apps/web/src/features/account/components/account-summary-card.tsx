import type { CurrentUser } from '@ember/contracts/identity';
import { Card } from '../../../components/ui/card/card.tsx';
import { LoadError } from '../../../components/ui/load-error/load-error.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { formatCredits } from '../../../lib/format/money.ts';
import { vipStatusText } from '../utils/vip-status.ts';
import styles from './account-summary-card.module.css';
import { CopyButton } from './copy-button.tsx';
import { SkeletonLines } from './skeleton-lines.tsx';

interface AccountSummaryCardProps {
  account: CurrentUser | undefined;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}

/** Spec §2 Account summary: username, display name, Discord id, registration date, VIP status. */
export function AccountSummaryCard({ account, failed, retrying, onRetry }: AccountSummaryCardProps) {
  return (
    <Card title="Account summary">
      {account ? (
        <dl className={styles.fields}>
          <div className={styles.field}>
            <dt>Username</dt>
            <dd>{account.username}</dd>
          </div>
          <div className={styles.field}>
            <dt>Display name</dt>
            <dd>{account.displayName}</dd>
          </div>
          <div className={styles.field}>
            <dt>Discord ID</dt>
            <dd className={styles.withAction}>
              <span className={styles.mono}>{account.discordId}</span>
              <CopyButton value={account.discordId} what="Discord ID" />
            </dd>
          </div>
          <div className={styles.field}>
            <dt>Registered</dt>
            <dd>
              <time dateTime={account.registrationDate}>{formatDateTime(account.registrationDate)}</time>
            </dd>
          </div>
          <div className={styles.field}>
            <dt>VIP status</dt>
            <dd className={account.vip ? styles.vip : undefined} data-testid="vip-status">
              {vipStatusText(account)}
            </dd>
          </div>
          <div className={styles.field}>
            <dt>Credits</dt>
            <dd className={styles.credits}>{formatCredits(account.balance)}</dd>
          </div>
        </dl>
      ) : failed ? (
        <LoadError what="your account" onRetry={onRetry} retrying={retrying} />
      ) : (
        <SkeletonLines count={4} />
      )}
    </Card>
  );
}
