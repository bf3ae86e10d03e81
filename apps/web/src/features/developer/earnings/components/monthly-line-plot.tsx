import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, chartTooltipStyle } from '../../../../components/charts/chart-theme.ts';
import styles from '../../../../components/charts/charts.module.css';
import { MONTH_AXIS } from '../../../../components/charts/monthly-axis.ts';
import { formatCount } from '../../../../lib/format/money.ts';

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

/** A level read at each month (active subscribers) as a line; recharts, in the charts' chunks. */
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
          <Tooltip
            {...chartTooltipStyle}
            separator=": "
            formatter={(value) => [formatCount(Number(value)), name]}
          />
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
