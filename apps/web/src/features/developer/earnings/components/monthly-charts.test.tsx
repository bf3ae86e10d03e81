import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import MonthlyCharts from './monthly-charts.tsx';

// Issue 26, item 6: counts and credits from the server were shown raw (12345); they carry
// thousands separators like every other number.

describe('numbers on the developer dashboard', () => {
  it("writes a month's revenue and active subscribers with thousands separators", () => {
    renderWithProviders(
      <MonthlyCharts months={[{ month: '2026-01', revenue: 1_234_567, activeSubscribers: 12_345 }]} />,
    );
    const table = screen.getByRole('table', { name: 'Revenue and active subscribers per month' });
    expect(within(table).getByText('1,234,567')).toBeTruthy();
    expect(within(table).getByText('12,345')).toBeTruthy();
  });
});
