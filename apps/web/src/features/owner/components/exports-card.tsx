import { BALANCES_EXPORT_FILENAME, PAYOUTS_BATCH_FILENAME } from '@ember/contracts/exports';
import type { ReactNode } from 'react';
import { DownloadIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { useDownloadBalances, useDownloadPendingPayouts } from '../api/download-owner-files.ts';
import styles from './exports-card.module.css';

function ExportTile({
  title,
  description,
  filename,
  action,
}: {
  title: string;
  description: string;
  filename: string;
  action: ReactNode;
}) {
  return (
    <li className={styles.tile}>
      <div className={styles.text}>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.description}>{description}</p>
        <p className={styles.filename}>
          <span className={styles.filenameLabel}>File</span> <code>{filename}</code>
        </p>
      </div>
      {action}
    </li>
  );
}

/** Spec §2 Owner dashboard: export the balances and the pending payouts, CSV files the server streams. */
export function ExportsCard() {
  const balances = useDownloadBalances();
  const payouts = useDownloadPendingPayouts();
  return (
    <Card title="Exports">
      <ul className={styles.tiles}>
        <ExportTile
          title="Balances"
          description="Every account's credits and earnings, one row per user."
          filename={BALANCES_EXPORT_FILENAME}
          action={
            <Button
              variant="secondary"
              icon={<DownloadIcon size={16} />}
              loading={balances.isPending}
              loadingText="Exporting..."
              onClick={() => balances.mutate()}
            >
              Export balances
            </Button>
          }
        />
        <ExportTile
          title="Pending payouts"
          description="The payouts waiting to be paid, oldest request first, to pay them in one batch."
          filename={PAYOUTS_BATCH_FILENAME}
          action={
            <Button
              variant="secondary"
              icon={<DownloadIcon size={16} />}
              loading={payouts.isPending}
              loadingText="Exporting..."
              onClick={() => payouts.mutate()}
            >
              Export pending payouts
            </Button>
          }
        />
      </ul>
    </Card>
  );
}
