import { BALANCES_EXPORT_FILENAME, PAYOUTS_BATCH_FILENAME } from '@ember/contracts/exports';
import { DownloadIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { useDownloadBalances, useDownloadPendingPayouts } from '../api/download-owner-files.ts';
import styles from './exports-card.module.css';

/** A file the server streams, and the button that downloads it. */
interface ExportFile {
  title: string;
  description: string;
  filename: string;
  /** The button's text. */
  label: string;
  download: { isPending: boolean; mutate: () => void };
}

function ExportTile({ title, description, filename, label, download }: ExportFile) {
  return (
    <li className={styles.tile}>
      <div className={styles.text}>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.description}>{description}</p>
        <p className={styles.filename}>
          <span className={styles.filenameLabel}>File</span> <code>{filename}</code>
        </p>
      </div>
      <Button
        variant="secondary"
        icon={<DownloadIcon size={16} />}
        loading={download.isPending}
        loadingText="Exporting..."
        onClick={() => download.mutate()}
      >
        {label}
      </Button>
    </li>
  );
}

/** Spec §2 Owner dashboard: export the balances and the pending payouts, CSV files the server streams. */
export function ExportsCard() {
  const files: ExportFile[] = [
    {
      title: 'Balances',
      description: "Every account's credits and earnings, one row per user.",
      filename: BALANCES_EXPORT_FILENAME,
      label: 'Export balances',
      download: useDownloadBalances(),
    },
    {
      title: 'Pending payouts',
      description: 'The payouts waiting to be paid, oldest request first, to pay them in one batch.',
      filename: PAYOUTS_BATCH_FILENAME,
      label: 'Export pending payouts',
      download: useDownloadPendingPayouts(),
    },
  ];
  return (
    <Card title="Exports">
      <ul className={styles.tiles}>
        {files.map((file) => (
          <ExportTile key={file.filename} {...file} />
        ))}
      </ul>
    </Card>
  );
}
