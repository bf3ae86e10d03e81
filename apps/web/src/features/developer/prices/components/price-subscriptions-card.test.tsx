import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { soldSubscriptionFixture } from '../../../../test/subscription-fixture.ts';
import { developer } from '../../../../test/test-users.ts';
import { PriceSubscriptionsCard } from './price-subscriptions-card.tsx';

const SUBSCRIPTIONS = 'GET /api/shop/subscriptions/by-price/5';

describe('the price subscriptions table', () => {
  it('searches subscribers on the server, back on the first page', async () => {
    const sub = soldSubscriptionFixture();
    const api = mockApi({ [SUBSCRIPTIONS]: () => json({ content: [sub], totalPages: 3 }) });
    renderWithProviders(
      <PriceSubscriptionsCard priceId={5} selected={new Set()} onSelectedChange={() => {}} />,
      {
        user: developer,
      },
    );
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    await within(table).findByText(sub.user.username);
    expect(api.last(SUBSCRIPTIONS)?.url.searchParams.has('search')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(api.last(SUBSCRIPTIONS)?.url.searchParams.get('page')).toBe('1'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search subscribers' }), {
      target: { value: ' 50%_off ' },
    });
    await waitFor(() => expect(api.last(SUBSCRIPTIONS)?.url.searchParams.get('search')).toBe('50%_off'));
    expect(api.last(SUBSCRIPTIONS)?.url.searchParams.get('page')).toBe('0');
  });
});
