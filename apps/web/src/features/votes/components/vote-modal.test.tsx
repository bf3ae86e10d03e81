import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { notify } from '../../../lib/toast/notify.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import { VoteModal } from './vote-modal.tsx';

const STATUS = 'GET /api/shop/votes/me';
const VOTE = 'POST /api/shop/votes';
const reward = { hours: 2, extraSessions: 1, extraSessionsHours: 12 };
const canVote = () => json({ lastVotedAt: null, nextVoteAt: null, reward });
const inTwoHours = () => new Date(Date.now() + 2 * 3_600_000).toISOString();
const voted = () =>
  json(
    {
      id: 7,
      votedAt: new Date().toISOString(),
      nextVoteAt: new Date(Date.now() + 4 * 3_600_000).toISOString(),
      rewardHours: 2,
      subscriptionsExtended: 1,
      extraSessions: 1,
      extraSessionsUntil: new Date(Date.now() + 12 * 3_600_000).toISOString(),
    },
    201,
  );

const renderModal = (onClose = () => {}) =>
  renderWithProviders(<VoteModal open onClose={onClose} />, { user: customer });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('VoteModal', () => {
  it('explains the reward, the 4-hour limit and what one vote earns', async () => {
    mockApi({ [STATUS]: canVote });
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Vote for Ember' });
    expect(dialog.textContent).toMatch(/subscribers get extra hours added to their subscription/i);
    expect(dialog.textContent).toMatch(/extra sessions/i);
    expect(within(dialog).getByText('You can only vote every 4 hours.')).toBeTruthy();
    expect(
      await within(dialog).findByText(
        'Each vote: 2 hours on each running subscription and 1 extra session for 12 hours.',
      ),
    ).toBeTruthy();
  });

  it('closes with Cancel', () => {
    mockApi({ [STATUS]: canVote });
    const onClose = vi.fn();
    renderModal(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('records the vote with Vote: shows progress, thanks the user and closes', async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockApi({
      [STATUS]: canVote,
      [VOTE]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const onClose = vi.fn();
    renderModal(onClose);
    const vote = screen.getByRole('button', { name: 'Vote' });
    expect(vote).toHaveProperty('disabled', false);
    fireEvent.click(vote);
    expect(await screen.findByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
    answer(voted());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Thanks for voting!');
    expect(api.count(VOTE)).toBe(1);
  });

  it('keeps Vote disabled and says when the next vote is allowed after a recent vote', async () => {
    const next = inTwoHours();
    mockApi({ [STATUS]: () => json({ lastVotedAt: new Date().toISOString(), nextVoteAt: next, reward }) });
    renderModal();
    expect(await screen.findByText(`You can vote again at ${formatDateTime(next)}.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vote' })).toHaveProperty('disabled', true);
  });

  it('shows the refusal and the time of the next vote when the server says it is too early', async () => {
    const next = inTwoHours();
    mockApi({
      [STATUS]: inOrder(canVote, () =>
        json({ lastVotedAt: new Date().toISOString(), nextVoteAt: next, reward }),
      ),
      [VOTE]: () => json({ message: 'You can only vote every 4 hours.' }, 429, { 'retry-after': '7200' }),
    });
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    const onClose = vi.fn();
    renderModal(onClose);
    await screen.findByText(/Each vote:/);
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    const status = await screen.findByText(`You can vote again at ${formatDateTime(next)}.`);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('You can only vote every 4 hours.');
    expect(screen.getByRole('button', { name: 'Vote' })).toHaveProperty('disabled', true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('renders nothing and asks nothing while closed', () => {
    const api = mockApi({ [STATUS]: canVote });
    renderWithProviders(<VoteModal open={false} onClose={() => {}} />, { user: customer });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
