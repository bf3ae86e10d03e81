import { lazy, Suspense } from 'react';
import styles from '../../../../components/charts/charts.module.css';
import { Card } from '../../../../components/ui/card/card.tsx';
import { LoadError } from '../../../../components/ui/load-error/load-error.tsx';
import { Spinner } from '../../../../components/ui/spinner/spinner.tsx';
import { useDeveloperMonthly } from '../api/get-developer-monthly.ts';

/** recharts is large: the charts load as their own chunk, after the dashboard itself. */
const MonthlyCharts = lazy(() => import('./monthly-charts.tsx'));

function ChartsPending() {
  return (
    <div className={styles.plot}>
      <Spinner label="Loading the charts" />
    </div>
  );
}

/** Beyond the spec: revenue and active subscribers per month across all plans, last 12 months. */
export function MonthlyChartsCard() {
  const monthly = useDeveloperMonthly();
  return (
    <Card title="Last 12 months">
      {monthly.isError && !monthly.data ? (
        <LoadError
          what="your statistics"
          onRetry={() => void monthly.refetch()}
          retrying={monthly.isFetching}
        />
      ) : monthly.data ? (
        <Suspense fallback={<ChartsPending />}>
          <MonthlyCharts months={monthly.data.months} />
        </Suspense>
      ) : (
        <ChartsPending />
      )}
    </Card>
  );
}
