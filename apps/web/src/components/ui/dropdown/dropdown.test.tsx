import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { Dropdown, type DropdownItem } from './dropdown.tsx';

const items: DropdownItem[] = [
  { id: 'all', kind: 'route', label: 'All plugins', to: '/shop' },
  { id: 'free', kind: 'route', label: 'Free plugins', to: '/shop?category=free' },
  { id: 'forums', kind: 'external', label: 'Forums', href: 'https://forums.example' },
];

function renderDropdown() {
  renderWithProviders(<Dropdown label="Plugins" items={items} />);
  return screen.getByRole('button', { name: 'Plugins' });
}

describe('Dropdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on hover and closes 100 ms after the pointer leaves', () => {
    const trigger = renderDropdown();
    expect(screen.queryByRole('link', { name: 'All plugins' })).toBeNull();

    fireEvent.mouseEnter(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'All plugins' }).getAttribute('href')).toBe('/shop');

    fireEvent.mouseLeave(trigger);
    act(() => vi.advanceTimersByTime(99));
    expect(screen.getByRole('link', { name: 'All plugins' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('link', { name: 'All plugins' })).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open when the pointer comes back within 100 ms', () => {
    const trigger = renderDropdown();
    fireEvent.mouseEnter(trigger);
    fireEvent.mouseLeave(trigger);
    act(() => vi.advanceTimersByTime(60));
    fireEvent.mouseEnter(trigger);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('link', { name: 'Free plugins' })).toBeTruthy();
  });

  it('works from the keyboard: Enter opens, arrows move, Escape closes and returns focus', () => {
    const trigger = renderDropdown();
    trigger.focus();
    // Keyboard activation of a button is a click with detail 0.
    fireEvent.click(trigger, { detail: 0 });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'All plugins' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Free plugins' }));

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'All plugins' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('opens external entries in a new tab', () => {
    const trigger = renderDropdown();
    fireEvent.mouseEnter(trigger);
    const forums = screen.getByRole('link', { name: 'Forums' });
    expect(forums.getAttribute('target')).toBe('_blank');
    expect(forums.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
