import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../../lib/format/money.ts';
import { CHART_COLORS, chartTooltipStyle } from '../utils/chart-theme.ts';
import styles from './monthly-charts.module.css';

/** The x axis of the monthly charts: one tick a month, labelled month-year (`label`). */
export const MONTH_AXIS = {
  dataKey: 'label',
  tick: { fill: CHART_COLORS.axis, fontSize: 11 },
  interval: 'preserveStartEnd',
} as const;

interface MonthlyLinePlotProps<T extends { label: string }> {
  data: T[];
  /** The count drawn, e.g. 'purchases'. */
  dataKey: keyof T & string;
  /** The count's name in the tooltip. */
  name: string;
  color: string;
  dotRadius: number;
  rightMargin: number;
}

/** A count per month as a line (active subscribers, purchases of a price); recharts, in the charts' chunks. */
export function MonthlyLinePlot<T extends { label: string }>({
  data,
  dataKey,
  name,
  color,
  dotRadius,
  rightMargin,
}: MonthlyLinePlotProps<T>) {
  return (
    <div className={styles.plot}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: rightMargin, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis {...MONTH_AXIS} />
          <YAxis tick={{ fill: CHART_COLORS.axis, fontSize: 11 }} width={40} allowDecimals={false} />
          <Tooltip {...chartTooltipStyle} formatter={(value) => [formatCount(Number(value)), name]} />
          <Line
            type="monotone"
            dataKey={dataKey}
            stroke={color}
            strokeWidth={2}
            dot={{ r: dotRadius }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
