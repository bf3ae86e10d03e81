import { HERO_ACTIVITIES } from '@ember/contracts/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetViewport, setReducedMotion } from '../../../test/viewport.ts';
import { HeroCaption } from './hero-caption.tsx';

const shown = () => screen.getByTestId('hero-caption').textContent;

describe('HeroCaption', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetViewport();
  });

  it('shows the next activity every 1750 ms and loops after the ninth', () => {
    render(<HeroCaption />);
    expect(shown()).toBe(HERO_ACTIVITIES[0]);

    act(() => vi.advanceTimersByTime(1749));
    expect(shown()).toBe(HERO_ACTIVITIES[0]);

    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe(HERO_ACTIVITIES[1]);

    act(() => vi.advanceTimersByTime(1750 * (HERO_ACTIVITIES.length - 1)));
    expect(shown()).toBe(HERO_ACTIVITIES[0]);
    expect(HERO_ACTIVITIES).toHaveLength(9);
  });

  it('is not announced on every change: the rotating word is hidden from screen readers, which read the whole list once', () => {
    const { container } = render(
      <h1>
        Plugins built for <HeroCaption />
      </h1>,
    );
    expect(container.querySelector('[aria-live]')).toBeNull();
    expect(screen.getByTestId('hero-caption').getAttribute('aria-hidden')).toBe('true');
    const allActivities = `${HERO_ACTIVITIES.slice(0, -1).join(', ')} and ${HERO_ACTIVITIES.at(-1)}`;
    const name = `Plugins built for ${allActivities}`;
    expect(screen.getByRole('heading', { level: 1, name })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1750));
    expect(shown()).toBe(HERO_ACTIVITIES[1]);
    expect(screen.getByRole('heading', { level: 1, name })).toBeTruthy();
  });

  it('stays on the first activity when the visitor prefers reduced motion', () => {
    setReducedMotion(true);
    render(<HeroCaption />);
    act(() => vi.advanceTimersByTime(1750 * 3));
    expect(shown()).toBe(HERO_ACTIVITIES[0]);
  });
});
