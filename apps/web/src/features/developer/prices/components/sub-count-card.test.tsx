import type { PriceResponse } from '@ember/contracts/catalog';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { SubCountCard } from './sub-count-card.tsx';

// Issue 26, item 6: counts and credits from the server were shown raw (12345); they carry
// thousands separators like every other number.

describe('numbers on the price dashboard', () => {
  it('writes the sub count and the slots with thousands separators', async () => {
    mockApi({
      'GET /api/shop/sub-counts/price/4': () =>
        json({
          priceId: 4,
          subCount: 1500,
          occupancy: 0.75,
          slots: 2000,
          hidden: false,
          full: false,
          expiring: null,
        }),
    });
    renderWithProviders(<SubCountCard price={{ id: 4, slots: 2000 } as PriceResponse} />);
    await waitFor(() => expect(screen.getByTestId('actual-sub-count').textContent).toContain('1,500'));
    expect(screen.getByTestId('slots').textContent).toContain('2,000');
  });
});
