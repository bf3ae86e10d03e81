import { HERO_ACTIVITIES } from '@ember/contracts/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCaption } from './hero-caption.tsx';

describe('HeroCaption', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the next activity every 1750 ms and loops after the ninth', () => {
    render(<HeroCaption />);
    const caption = screen.getByTestId('hero-caption');
    expect(caption.getAttribute('aria-live')).toBe('polite');
    expect(caption.textContent).toBe(HERO_ACTIVITIES[0]);

    act(() => vi.advanceTimersByTime(1749));
    expect(caption.textContent).toBe(HERO_ACTIVITIES[0]);

    act(() => vi.advanceTimersByTime(1));
    expect(caption.textContent).toBe(HERO_ACTIVITIES[1]);

    act(() => vi.advanceTimersByTime(1750 * (HERO_ACTIVITIES.length - 1)));
    expect(caption.textContent).toBe(HERO_ACTIVITIES[0]);
    expect(HERO_ACTIVITIES).toHaveLength(9);
  });
});
