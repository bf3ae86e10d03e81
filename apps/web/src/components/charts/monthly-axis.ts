import { CHART_COLORS } from './chart-theme.ts';

/** The x axis of the monthly charts: one tick a month, labelled month-year in English (`label`). */
export const MONTH_AXIS = {
  dataKey: 'label',
  tick: { fill: CHART_COLORS.axis, fontSize: 11 },
  interval: 'preserveStartEnd',
} as const;
