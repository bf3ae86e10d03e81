import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { VoteModal } from './vote-modal.tsx';

describe('VoteModal', () => {
  it('explains the reward and the 4-hour limit', () => {
    renderWithProviders(<VoteModal open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Vote for Ember' });
    expect(dialog.textContent).toMatch(/subscribers get extra hours added to their subscription/i);
    expect(dialog.textContent).toMatch(/extra sessions/i);
    expect(within(dialog).getByText('You can only vote every 4 hours.')).toBeTruthy();
  });

  it('closes with Cancel', () => {
    const onClose = vi.fn();
    renderWithProviders(<VoteModal open onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('votes with Vote once voting is wired up, and shows progress', () => {
    const onVote = vi.fn();
    const { rerender } = renderWithProviders(<VoteModal open onClose={() => {}} onVote={onVote} />);
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect(onVote).toHaveBeenCalledTimes(1);
    rerender(<VoteModal open onClose={() => {}} onVote={onVote} voting />);
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
  });

  it('keeps Vote disabled until voting is available', () => {
    renderWithProviders(<VoteModal open onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Vote' })).toHaveProperty('disabled', true);
  });

  it('renders nothing while closed', () => {
    renderWithProviders(<VoteModal open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
