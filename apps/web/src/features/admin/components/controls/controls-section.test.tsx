import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../../lib/toast/notify.ts';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { vipOwner } from '../../../../test/test-users.ts';
import ControlsSection from './controls-section.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const release = {
  id: 1,
  kind: 'LOADER',
  version: '1.2.3',
  sha256: 'ab'.repeat(32),
  sizeBytes: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function api() {
  return mockApi({
    'DELETE /api/shop/sessions/flush': () => json({ message: 'Sessions cleared!', ended: 4 }),
    'POST /api/shop/commands/update-loader': () => json({ message: 'Loader updated!', release }, 201),
    'POST /api/shop/commands/update-classpath': () =>
      json({ message: 'Classpath updated!', release: { ...release, kind: 'CLASSPATH' } }, 201),
    'POST /api/shop/repo-updates/all': () => json({ message: 'Update queued', queued: 3 }, 202),
    'PUT /api/shop/repo-updates/flush': () => json({ message: 'Updates flushed', cancelled: 2 }),
  });
}

async function confirmIn(dialogName: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  return dialog;
}

describe('ControlsSection', () => {
  it('asks before clearing every session, says what happens, then toasts the answer', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const calls = api();
    renderWithProviders(<ControlsSection />, { user: vipOwner });
    fireEvent.click(screen.getByRole('button', { name: 'Clear all sessions' }));
    const dialog = await confirmIn('Clear all sessions?');
    expect(dialog.textContent).toContain('ends every game-client session of every user');
    expect(calls.keys()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear all sessions' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Sessions cleared!'));
    expect(calls.keys()).toEqual(['DELETE /api/shop/sessions/flush']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancelling runs nothing', async () => {
    const calls = api();
    renderWithProviders(<ControlsSection />, { user: vipOwner });
    fireEvent.click(screen.getByRole('button', { name: 'Flush updates' }));
    const dialog = await confirmIn('Flush updates?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.keys()).toEqual([]);
  });

  it('updates the loader with or without force, and the confirmation says which', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const calls = api();
    renderWithProviders(<ControlsSection />, { user: vipOwner });
    fireEvent.click(screen.getByRole('button', { name: 'Update loader' }));
    let dialog = await confirmIn('Update loader?');
    expect(dialog.textContent).toContain('nothing is published');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update loader' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Loader updated!'));
    expect(calls.last('POST /api/shop/commands/update-loader')?.url.searchParams.has('force')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const loaderRow = screen.getByRole('heading', { name: 'Update loader' }).closest('li') as HTMLElement;
    fireEvent.click(within(loaderRow).getByRole('checkbox', { name: 'Force (same version again)' }));
    fireEvent.click(within(loaderRow).getByRole('button', { name: 'Update loader' }));
    dialog = await confirmIn('Update loader?');
    expect(dialog.textContent).toContain('even if that version is already the current one');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update loader' }));
    await waitFor(() =>
      expect(calls.last('POST /api/shop/commands/update-loader')?.url.searchParams.get('force')).toBe('true'),
    );
  });

  it('runs the classpath, force repo updates and flush controls with their §8 toasts', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const calls = api();
    renderWithProviders(<ControlsSection />, { user: vipOwner });
    for (const [button, title, message] of [
      ['Update classpath', 'Update server classpath?', 'Classpath updated!'],
      ['Queue all updates', 'Force repo updates?', 'Update queued'],
      ['Flush updates', 'Flush updates?', 'Updates flushed'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: button }));
      const dialog = await confirmIn(title);
      fireEvent.click(within(dialog).getByRole('button', { name: button }));
      await waitFor(() => expect(success).toHaveBeenCalledWith(message));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(calls.keys()).toEqual([
      'POST /api/shop/commands/update-classpath',
      'POST /api/shop/repo-updates/all',
      'PUT /api/shop/repo-updates/flush',
    ]);
    expect(calls.last('POST /api/shop/repo-updates/all')?.url.searchParams.get('force')).toBe('true');
  });
});
