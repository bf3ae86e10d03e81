import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import FaqPage from './faq-page.tsx';
import PrivacyPage from './privacy-page.tsx';
import TermsPage from './terms-page.tsx';
import VipPage from './vip-page.tsx';

const PAGES: ReadonlyArray<[string, ComponentType, string, string, string]> = [
  [
    'terms',
    TermsPage,
    '/TOS.md',
    'Error loading Terms of Service. Please try again later.',
    'Terms of Service · Ember',
  ],
  [
    'privacy',
    PrivacyPage,
    '/PrivacyPolicy.md',
    'Error loading Privacy Policy. Please try again later.',
    'Privacy Policy · Ember',
  ],
  [
    'FAQ',
    FaqPage,
    '/FAQ.md',
    'Error loading FAQ. Please try again later.',
    'Frequently asked questions · Ember',
  ],
  ['VIP', VipPage, '/VIP.md', 'Error loading document. Please try again later.', 'VIP · Ember'],
];

function markdownResponse(body: string) {
  return new Response(body, { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8' } });
}

describe.each(PAGES)('the %s page', (_name, Page, path, errorText, title) => {
  it(`shows '${errorText}' when ${path} cannot be loaded`, async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('down', { status: 503 }));
    renderWithProviders(<Page />);
    expect((await screen.findByRole('alert')).textContent).toBe(errorText);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(path);
  });

  it('renders the document and names the tab', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      markdownResponse('# Title\n\n## Section one\n\nSome **text**.'),
    );
    renderWithProviders(<Page />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Section one' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe(title);
  });
});

describe('document pages', () => {
  it('treat an HTML answer (the SPA fallback) as a missing document', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    renderWithProviders(<TermsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading Terms of Service. Please try again later.',
    );
  });

  it('offer Purchase VIP on the VIP page', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(markdownResponse('VIP gives you unlimited sessions.'));
    renderWithProviders(<VipPage />);
    await screen.findByText('VIP gives you unlimited sessions.');
    for (const link of screen.getAllByRole('link', { name: 'Purchase VIP' })) {
      expect(link.getAttribute('href')).toBe('/products/vip');
    }
  });
});
