import type { PriceResponse } from '@ember/contracts/catalog';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { LoadError } from '../../../../components/ui/load-error/load-error.tsx';
import { Modal } from '../../../../components/ui/modal/modal.tsx';
import { Spinner } from '../../../../components/ui/spinner/spinner.tsx';
import { usePricePurchases } from '../api/get-price-purchases.ts';
import styles from './statistics-card.module.css';

const PurchasesChart = lazy(() => import('./purchases-chart.tsx'));

/** Spec §2 Statistics: View opens 'Sub counts for {price name}', this year's purchases per month. */
export function StatisticsCard({ price }: { price: PriceResponse }) {
  const [open, setOpen] = useState(false);
  const statistics = usePricePurchases(price.id, { enabled: open });
  const pending = (
    <div className={styles.pending}>
      <Spinner label="Loading the statistics" />
    </div>
  );
  return (
    <Card
      title="Statistics"
      actions={
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          View
        </Button>
      }
    >
      <p className={styles.note}>Subscriptions bought per month this year, gifts included.</p>
      <Modal open={open} onClose={() => setOpen(false)} title={`Sub counts for ${price.name}`} size="large">
        {statistics.isError && !statistics.data ? (
          <LoadError
            what="the statistics"
            onRetry={() => void statistics.refetch()}
            retrying={statistics.isFetching}
          />
        ) : statistics.data ? (
          <Suspense fallback={pending}>
            <PurchasesChart statistics={statistics.data} />
          </Suspense>
        ) : (
          pending
        )}
      </Modal>
    </Card>
  );
}
