import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { SiteFooter } from './site-footer.tsx';

describe('SiteFooter', () => {
  it('links the terms and the privacy policy', () => {
    renderWithProviders(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/tos');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it('has an external Contact Us link to the chat invite', () => {
    renderWithProviders(<SiteFooter />);
    const contact = screen.getByRole('link', { name: 'Contact Us' });
    expect(contact.getAttribute('href')).toBe('https://chat.example/invite/ember');
    expect(contact.getAttribute('target')).toBe('_blank');
    expect(contact.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says trademarks belong to their owners and imply no endorsement', () => {
    renderWithProviders(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toMatch(/trademarks.*property of their respective owners/i);
    expect(footer.textContent).toMatch(/implies no endorsement/i);
  });

  it('credits the design studio and shows the copyright line', () => {
    renderWithProviders(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('Made in collaboration with');
    const studio = screen.getByRole('link', { name: 'Northlight Studio' });
    expect(studio.getAttribute('href')).toBe('https://studio.example');
    expect(studio.getAttribute('target')).toBe('_blank');
    expect(studio.getAttribute('rel')).toBe('noopener noreferrer');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Ember`);
  });
});
