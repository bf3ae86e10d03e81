import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyToaster } from '../../components/ui/toast/lazy-toaster.tsx';
import { renderWithProviders } from '../../test/render.tsx';
import { notify } from './notify.ts';

describe('notify', () => {
  it('shows success and error toasts', async () => {
    renderWithProviders(<LazyToaster />);
    await notify.success('Price created!');
    await notify.error('An error occurred.');
    expect(await screen.findByText('Price created!')).toBeTruthy();
    expect(await screen.findByText('An error occurred.')).toBeTruthy();
  });
});
