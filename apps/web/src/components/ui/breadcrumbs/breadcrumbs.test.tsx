import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';

describe('Breadcrumbs', () => {
  it('links every level but the current page', () => {
    renderWithProviders(
      <Breadcrumbs
        items={[
          { label: 'Home', to: '/' },
          { label: 'Plugins', to: '/shop' },
          { label: 'Agility Pro', to: '/shop/7' },
        ]}
      />,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(trail).getByRole('link', { name: 'Plugins' }).getAttribute('href')).toBe('/shop');
    expect(within(trail).queryByRole('link', { name: 'Agility Pro' })).toBeNull();
    expect(within(trail).getByText('Agility Pro').getAttribute('aria-current')).toBe('page');
  });
});
