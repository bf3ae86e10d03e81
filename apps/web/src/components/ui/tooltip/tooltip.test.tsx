import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { LazyTooltipHost } from './lazy-tooltip-host.tsx';
import { Tooltip } from './tooltip.tsx';

describe('Tooltip', () => {
  it('shows its text on hover, loading the tooltip library on first use', async () => {
    renderWithProviders(
      <>
        <Tooltip content="Works on Ironman accounts">
          <span>Ironman</span>
        </Tooltip>
        <LazyTooltipHost />
      </>,
    );
    // The library arrives asynchronously; keep hovering until it has attached to the anchor.
    const tooltip = await waitFor(() => {
      fireEvent.mouseEnter(screen.getByText('Ironman'));
      return screen.getByRole('tooltip');
    });
    await waitFor(() => expect(tooltip.textContent).toContain('Works on Ironman accounts'));
  });

  it('gives screen readers the text without hovering', () => {
    renderWithProviders(
      <Tooltip content="VIP only" focusable>
        <span aria-hidden="true">★</span>
      </Tooltip>,
    );
    expect(screen.getByText('VIP only')).toBeTruthy();
  });
});
