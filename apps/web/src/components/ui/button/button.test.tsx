import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { Button } from './button.tsx';

describe('Button', () => {
  it('runs its action when clicked', () => {
    const onClick = vi.fn();
    renderWithProviders(<Button onClick={onClick}>Save</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("shows 'Processing...' and cannot be clicked while loading", () => {
    const onClick = vi.fn();
    renderWithProviders(
      <Button onClick={onClick} loading>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Processing...' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.queryByText('Save')).toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows custom loading text on the secondary button too', () => {
    renderWithProviders(
      <Button variant="secondary" loading loadingText="Saving...">
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
  });

  it('is disabled without loading text', () => {
    renderWithProviders(<Button disabled>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('navigates as an internal route link', () => {
    renderWithProviders(<Button to="/shop">Browse plugins</Button>);
    fireEvent.click(screen.getByRole('link', { name: 'Browse plugins' }));
    expect(screen.getByTestId('location').textContent).toBe('/shop');
  });

  it('renders a plain span, not a link, when a route link is disabled', () => {
    renderWithProviders(
      <Button to="/shop" disabled>
        Browse plugins
      </Button>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    const label = screen.getByText('Browse plugins');
    expect(label.closest('span[aria-disabled="true"]')).not.toBeNull();
    expect(label.closest('a')).toBeNull();
  });

  it('opens external links in a new tab without leaking the opener', () => {
    renderWithProviders(<Button href="https://chat.example/invite">Join</Button>);
    const link = screen.getByRole('link', { name: 'Join' });
    expect(link.getAttribute('href')).toBe('https://chat.example/invite');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
