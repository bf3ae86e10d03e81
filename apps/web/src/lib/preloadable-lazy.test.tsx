import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.ts';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadableLazy', () => {
  it('renders a preloaded component in its first render, without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const LazyGreeting = preloadableLazy(load);
    await LazyGreeting.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    // No act() flush: what the first commit shows.
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends as React.lazy does when nothing was preloaded, and downloads once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const LazyGreeting = preloadableLazy(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    await LazyGreeting.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Greeting });
    const LazyGreeting = preloadableLazy(load);
    await expect(LazyGreeting.preload()).rejects.toThrow('offline');
    await act(() => LazyGreeting.preload());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
