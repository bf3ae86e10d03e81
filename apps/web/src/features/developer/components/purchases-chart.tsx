import type { PricePurchases } from '@ember/contracts/developer-statistics';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { visuallyHiddenClass } from '../../../components/visually-hidden/visually-hidden.tsx';
import { formatMonthYear } from '../../../lib/format/dates.ts';
import { formatCount } from '../../../lib/format/money.ts';
import { CHART_COLORS, chartTooltipStyle } from '../utils/chart-theme.ts';
import styles from './monthly-charts.module.css';

/** This year's purchases of a price per month, labelled month-year (recharts; its own chunk). */
export default function PurchasesChart({ statistics }: { statistics: PricePurchases }) {
  const data = statistics.months.map((month) => ({ ...month, label: formatMonthYear(month.month) }));
  return (
    <figure className={styles.figure} data-testid="purchases-chart">
      <figcaption className={styles.caption}>Purchases per month in {statistics.year}</figcaption>
      <div className={styles.plot}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: CHART_COLORS.axis, fontSize: 11 }}
              interval="preserveStartEnd"
            />
            <YAxis tick={{ fill: CHART_COLORS.axis, fontSize: 11 }} width={40} allowDecimals={false} />
            <Tooltip
              {...chartTooltipStyle}
              formatter={(value) => [formatCount(Number(value)), 'Purchases']}
            />
            <Line
              type="monotone"
              dataKey="purchases"
              stroke={CHART_COLORS.accent}
              strokeWidth={2}
              dot={{ r: 4 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
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
