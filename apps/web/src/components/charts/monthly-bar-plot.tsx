import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../lib/format/money.ts';
import { CHART_COLORS, chartTooltipStyle } from './chart-theme.ts';
import styles from './charts.module.css';
import { MONTH_AXIS } from './monthly-axis.ts';

interface MonthlyBarPlotProps<T extends { label: string }> {
  data: T[];
  /** The amount drawn, e.g. 'purchases'. */
  dataKey: keyof T & string;
  /** Its name in the tooltip: 'Purchases: 0'. */
  name: string;
  color: string;
  /** How the axis writes a value (a count by default). */
  tick?: (value: number) => string;
  /** How the tooltip writes a value (the axis's way by default). */
  tooltip?: (value: number) => string;
  axisWidth?: number;
}

/**
 * What happened in each month (purchases, revenue) as one bar a month: a month is a bucket, so no
 * line suggests values between months. Recharts, in the charts' chunks.
 */
export function MonthlyBarPlot<T extends { label: string }>({
  data,
  dataKey,
  name,
  color,
  tick = formatCount,
  tooltip = tick,
  axisWidth = 40,
}: MonthlyBarPlotProps<T>) {
  return (
    <div className={styles.plot}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis {...MONTH_AXIS} />
          <YAxis
            tick={{ fill: CHART_COLORS.axis, fontSize: 11 }}
            tickFormatter={(value: number) => tick(value)}
            width={axisWidth}
            allowDecimals={false}
          />
          <Tooltip
            {...chartTooltipStyle}
            separator=": "
            formatter={(value) => [tooltip(Number(value)), name]}
          />
          <Bar
            dataKey={dataKey as string}
            name={name}
            fill={color}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
