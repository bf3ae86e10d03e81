import type { DeveloperMonthly } from '@ember/contracts/developer-statistics';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { visuallyHiddenClass } from '../../../components/visually-hidden/visually-hidden.tsx';
import { formatMonthYear } from '../../../lib/format/dates.ts';
import { creditsCount, formatCount, formatCredits } from '../../../lib/format/money.ts';
import { CHART_COLORS, chartTooltipStyle } from '../utils/chart-theme.ts';
import styles from './monthly-charts.module.css';
import { MONTH_AXIS, MonthlyLinePlot } from './monthly-line-plot.tsx';

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
        <div className={styles.plot}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
              <XAxis {...MONTH_AXIS} />
              <YAxis
                tick={{ fill: CHART_COLORS.axis, fontSize: 11 }}
                tickFormatter={(value: number) => formatCredits(value)}
                width={56}
                allowDecimals={false}
              />
              <Tooltip
                {...chartTooltipStyle}
                formatter={(value) => [creditsCount(Number(value)), 'Revenue']}
              />
              <Bar
                dataKey="revenue"
                fill={CHART_COLORS.accent}
                radius={[4, 4, 0, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
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
