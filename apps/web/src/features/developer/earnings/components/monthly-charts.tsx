import type { DeveloperMonthly } from '@ember/contracts/developer-statistics';
import { CHART_COLORS } from '../../../../components/charts/chart-theme.ts';
import styles from '../../../../components/charts/charts.module.css';
import { MonthlyBarPlot } from '../../../../components/charts/monthly-bar-plot.tsx';
import { visuallyHiddenClass } from '../../../../components/visually-hidden/visually-hidden.tsx';
import { formatMonthYear } from '../../../../lib/format/dates.ts';
import { creditsCount, formatCount, formatCredits } from '../../../../lib/format/money.ts';
import { MonthlyLinePlot } from './monthly-line-plot.tsx';

interface MonthlyChartsProps {
  months: DeveloperMonthly['months'];
}

/** Revenue and active subscribers per month (recharts; loaded as its own chunk). */
export default function MonthlyCharts({ months }: MonthlyChartsProps) {
  const data = months.map((month) => ({ ...month, label: formatMonthYear(month.month) }));
  return (
    <div className={styles.charts}>
      <figure className={styles.figure} data-testid="revenue-chart">
        <figcaption className={styles.caption}>Revenue per month (credits)</figcaption>
        <MonthlyBarPlot
          data={data}
          dataKey="revenue"
          name="Revenue"
          color={CHART_COLORS.accent}
          tick={formatCredits}
          tooltip={creditsCount}
          axisWidth={56}
        />
      </figure>
      <figure className={styles.figure} data-testid="subscribers-chart">
        <figcaption className={styles.caption}>Active subscribers per month</figcaption>
        <MonthlyLinePlot
          data={data}
          dataKey="activeSubscribers"
          name="Active subscribers"
          color={CHART_COLORS.amber}
          dotRadius={3}
          rightMargin={8}
        />
      </figure>
      {/* A table's min-content width ignores the 1 px box: the wrapper is what is hidden. */}
      <div className={visuallyHiddenClass}>
        <table aria-label="Revenue and active subscribers per month">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Revenue</th>
              <th scope="col">Active subscribers</th>
            </tr>
          </thead>
          <tbody>
            {data.map((month) => (
              <tr key={month.month} data-month={month.month}>
                <th scope="row">{month.label}</th>
                <td data-field="revenue">{formatCredits(month.revenue)}</td>
                <td data-field="active-subscribers">{formatCount(month.activeSubscribers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
