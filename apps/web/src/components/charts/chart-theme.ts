/** Chart colours from the design tokens (recharts takes plain values, not CSS variables). */
export const CHART_COLORS = {
  accent: '#ff6a2b',
  amber: '#ffb347',
  grid: 'rgba(255, 255, 255, 0.08)',
  axis: '#a7adbd',
} as const;

export const chartTooltipStyle = {
  contentStyle: {
    background: '#161a26',
    border: '1px solid rgba(255, 255, 255, 0.14)',
    borderRadius: 10,
    color: '#f5f6fa',
  },
  labelStyle: { color: '#f5f6fa', fontWeight: 600 },
  itemStyle: { color: '#f5f6fa' },
  cursor: { fill: 'rgba(255, 255, 255, 0.04)' },
} as const;
