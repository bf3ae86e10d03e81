import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VipCard } from '../features/account/components/vip-card.tsx';
import VipPage from '../features/documents/pages/vip-page.tsx';
import { PricingSection } from '../features/landing/components/pricing-section.tsx';
import ProductsPage from '../features/products/pages/products-page.tsx';
import { vipPriceLabel } from '../lib/format/product-units.ts';
import { productFixture } from '../test/commerce-fixtures.ts';
import { json, mockApi } from '../test/mock-api.ts';
import { renderWithProviders } from '../test/render.tsx';
import { currentUserBody, customer } from '../test/test-users.ts';

// Issue 26, item 6: the VIP price was written four ways (landing, /products/vip, account, VIP page).
const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the VIP price, one way wherever it is shown', () => {
  it('is €15.00 per month', () => {
    expect(vipPriceLabel()).toBe('€15.00 per month');
  });

  it('on the landing page', () => {
    renderWithProviders(<PricingSection />);
    const tier = screen.getByRole('heading', { level: 3, name: 'VIP' }).closest('li') as HTMLElement;
    // The amount is set large, 'per month' beside it.
    const price = within(tier).getByText('€15.00').parentElement as HTMLElement;
    expect(Array.from(price.children, text).join(' ')).toBe(vipPriceLabel());
  });

  it('on the account VIP card', () => {
    renderWithProviders(<VipCard account={currentUserBody({ vip: false, vipUntil: null })} />);
    expect(screen.getByText(new RegExp(`for ${vipPriceLabel()}\\.$`))).toBeTruthy();
  });

  it('on the VIP page', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('# VIP\n\nText.', { status: 200 }));
    renderWithProviders(<VipPage />);
    expect(await screen.findByText(new RegExp(`for ${vipPriceLabel()}\\.$`))).toBeTruthy();
  });

  it('on the card-paid VIP product of /products/vip', async () => {
    mockApi({
      'GET /api/commerce/products/by-name/vip': () =>
        json([
          productFixture({
            id: 6,
            kind: 'VIP',
            name: 'VIP',
            pricePerUnit: 1500,
            priceUnit: 'month',
            minimumPurchase: 1,
            bulkDiscounts: [],
          }),
        ]),
    });
    renderWithProviders(
      <Routes>
        <Route path="/products/:name" element={<ProductsPage />} />
      </Routes>,
      { route: '/products/vip', user: customer },
    );
    const card = await screen.findByRole('article', { name: 'VIP' });
    expect(within(card).getByTestId('unit-price').textContent).toBe(vipPriceLabel());
  });
});
