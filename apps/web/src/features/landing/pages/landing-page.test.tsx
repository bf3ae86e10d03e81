import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, TEST_SIGN_IN_HREF } from '../../../test/render.tsx';
import { setReducedMotion } from '../../../test/viewport.ts';
import { LandingPage } from './landing-page.tsx';

describe('LandingPage', () => {
  it('paints the poster first, then plays the muted looping hero video once the page has loaded', async () => {
    const { container } = renderWithProviders(<LandingPage />);
    expect(container.querySelector('img[src="/media/hero-poster.jpg"]')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('video')).not.toBeNull());
    const video = container.querySelector('video');
    expect(video).not.toBeNull();
    expect(video?.muted).toBe(true);
    expect(video?.loop).toBe(true);
    expect(video?.autoplay).toBe(true);
    expect(video?.getAttribute('poster')).toBe('/media/hero-poster.jpg');
    const sources = Array.from(video?.querySelectorAll('source') ?? []).map((source) =>
      source.getAttribute('src'),
    );
    expect(sources).toEqual(['/media/hero-loop.webm', '/media/hero-loop.mp4']);
  });

  it('shows only the poster when the visitor prefers reduced motion', async () => {
    setReducedMotion(true);
    const { container } = renderWithProviders(<LandingPage />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img[src="/media/hero-poster.jpg"]')).not.toBeNull();
  });

  it('shows only the poster when the visitor saves data', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      const { container } = renderWithProviders(<LandingPage />);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(container.querySelector('video')).toBeNull();
      expect(container.querySelector('img[src="/media/hero-poster.jpg"]')).not.toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('leads to the shop and to VIP', () => {
    renderWithProviders(<LandingPage />);
    const hero = screen.getByRole('region', { name: /Plugins built for/ });
    expect(within(hero).getByRole('link', { name: 'Browse plugins' }).getAttribute('href')).toBe('/shop');
    // A guest's Purchase VIP signs in first, then lands on /vip (landing-vip-sign-in.test.tsx).
    expect(within(hero).getByRole('link', { name: 'Purchase VIP' }).getAttribute('href')).toBe(
      TEST_SIGN_IN_HREF,
    );
  });

  it('lists the five benefits', () => {
    renderWithProviders(<LandingPage />);
    const benefits = screen.getByRole('region', { name: 'Everything you need to play smarter' });
    const titles = within(benefits)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Flawless', 'Free', 'Premium', 'Easy to use', 'Anti-ban']);
  });

  it('summarises the three pricing tiers with their prices and links', () => {
    renderWithProviders(<LandingPage />);
    const pricing = screen.getByRole('region', { name: 'Start free, upgrade when you want' });
    const tiers = within(pricing)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.closest('li'));
    const [free, vip, premium] = tiers.map((tier) => within(tier as HTMLElement));
    expect(free?.getByText('€0.00')).toBeTruthy();
    expect(free?.getByRole('link').getAttribute('href')).toBe('/shop/3');
    expect(vip?.getByText('€15.00')).toBeTruthy();
    expect(vip?.getByRole('link').getAttribute('href')).toBe(TEST_SIGN_IN_HREF);
    expect(premium?.getByText('Price varies')).toBeTruthy();
    expect(premium?.getByRole('link').getAttribute('href')).toBe('/shop');
  });

  it('sets the tab title from the brand', () => {
    renderWithProviders(<LandingPage />);
    expect(document.title).toBe('Ember · Plugins that play it smart.');
  });
});
