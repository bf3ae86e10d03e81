import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteCookie, readCookie } from '../../../lib/cookies.ts';
import { renderWithProviders, TEST_SIGN_IN_HREF } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import { LandingPage } from './landing-page.tsx';

/** Clicks a link without leaving the test page (the sign-in is a full-page address). */
function press(link: HTMLElement) {
  link.addEventListener('click', (event) => event.preventDefault());
  fireEvent.click(link);
}

const hero = () => screen.getByRole('region', { name: /Plugins built for/ });
const vipTier = () =>
  within(screen.getByRole('region', { name: 'Start free, upgrade when you want' }))
    .getByRole('heading', { level: 3, name: 'VIP' })
    .closest('li') as HTMLElement;

beforeEach(() => deleteCookie('redirectUri'));

describe("a guest's Purchase VIP (issue 26 item 3)", () => {
  it.each([
    ['the hero', hero],
    ['the VIP pricing tier', vipTier],
  ])('in %s leads to sign-in, and the sign-in ends on /vip', (_where, area) => {
    renderWithProviders(<LandingPage />);
    const purchaseVip = within(area()).getByRole('link', { name: 'Purchase VIP' });
    expect(purchaseVip.getAttribute('href')).toBe(TEST_SIGN_IN_HREF);
    press(purchaseVip);
    expect(readCookie('redirectUri')).toBe('/vip');
  });

  it('opens /vip itself for a signed-in visitor', () => {
    renderWithProviders(<LandingPage />, { user: customer });
    expect(within(hero()).getByRole('link', { name: 'Purchase VIP' }).getAttribute('href')).toBe('/vip');
    expect(within(vipTier()).getByRole('link', { name: 'Purchase VIP' }).getAttribute('href')).toBe('/vip');
  });
});
