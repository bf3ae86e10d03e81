import type { PricePurchases } from '@ember/contracts/developer-statistics';
import { CHART_COLORS } from '../../../../components/charts/chart-theme.ts';
import styles from '../../../../components/charts/charts.module.css';
import { MonthlyBarPlot } from '../../../../components/charts/monthly-bar-plot.tsx';
import { visuallyHiddenClass } from '../../../../components/visually-hidden/visually-hidden.tsx';
import { formatMonthYear } from '../../../../lib/format/dates.ts';
import { formatCount } from '../../../../lib/format/money.ts';

/** This year's purchases of a price per month, one bar a month labelled month-year (recharts; its own chunk). */
export default function PurchasesChart({ statistics }: { statistics: PricePurchases }) {
  const data = statistics.months.map((month) => ({ ...month, label: formatMonthYear(month.month) }));
  return (
    <figure className={styles.figure} data-testid="purchases-chart">
      <figcaption className={styles.caption}>Purchases per month in {statistics.year}</figcaption>
      <MonthlyBarPlot data={data} dataKey="purchases" name="Purchases" color={CHART_COLORS.accent} />
      {/* A table's min-content width ignores the 1 px box: the wrapper is what is hidden. */}
      <div className={visuallyHiddenClass}>
        <table aria-label={`Purchases per month in ${statistics.year}`}>
          <tbody>
            {data.map((month) => (
              <tr key={month.month} data-month={month.month}>
                <th scope="row">{month.label}</th>
                <td>{formatCount(month.purchases)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
