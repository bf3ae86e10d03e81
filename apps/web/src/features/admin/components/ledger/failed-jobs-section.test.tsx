import type { FailedJob } from '@ember/contracts/jobs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../../lib/toast/notify.ts';
import { inOrder, json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { vipOwner } from '../../../../test/test-users.ts';
import FailedJobsSection from './failed-jobs-section.tsx';

const ID = '0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f';
const OTHER = '1c8d3f5e-9e2b-4d4c-8f6a-7b8c9d0e1f2a';
const LIST = 'GET /api/admin/jobs/failed';
const RETRY = `POST /api/admin/jobs/failed/${ID}/retry`;

const job = (overrides: Partial<FailedJob> = {}): FailedJob => ({
  id: ID,
  name: 'wallet-ledger-audit',
  payload: { paymentId: 'pay_123', note: '<script>alert(1)</script>' },
  error: 'ledger check failed: balances and ledger disagree',
  retryCount: 2,
  createdOn: '2026-11-24T09:00:00.000Z',
  startedOn: '2026-11-24T09:00:01.000Z',
  failedOn: '2026-11-24T09:05:00.000Z',
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FailedJobsSection', () => {
  it('lists each failed job with its name, error, retries, date and a collapsed payload', async () => {
    const api = mockApi({ [LIST]: () => json({ content: [job()], totalPages: 1 }) });
    renderWithProviders(<FailedJobsSection />, { user: vipOwner });
    expect(screen.getByRole('heading', { level: 2, name: 'Failed jobs' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    const row = (await within(table).findByText('wallet-ledger-audit')).closest('tr') as HTMLElement;
    expect(Object.fromEntries(api.last(LIST)?.url.searchParams ?? [])).toEqual({ page: '0', size: '10' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Job', 'Error', 'Retries', 'Failed at', 'Payload', 'Retry']);
    expect(within(row).getByText('ledger check failed: balances and ledger disagree')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    const details = within(row).getByText('Payload').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    // The payload is text, never markup.
    expect(details.querySelector('script')).toBeNull();
    expect(details.querySelector('pre')?.textContent).toContain('"note": "<script>alert(1)</script>"');
  });

  it("retries a job: 'Job queued again', and the row leaves the list", async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      [LIST]: inOrder(
        () => json({ content: [job(), job({ id: OTHER, name: 'repo-update' })], totalPages: 1 }),
        () => json({ content: [job({ id: OTHER, name: 'repo-update' })], totalPages: 1 }),
      ),
      [RETRY]: () => json({ message: 'Job queued again' }),
    });
    renderWithProviders(<FailedJobsSection />, { user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Failed jobs' });
    await within(table).findByText('wallet-ledger-audit');
    fireEvent.click(within(table).getByRole('button', { name: `Retry wallet-ledger-audit job ${ID}` }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Job queued again'));
    await waitFor(() => expect(within(table).queryByText('wallet-ledger-audit')).toBeNull());
    expect(within(table).getByText('repo-update')).toBeTruthy();
    expect(api.keys()).toContain(RETRY);
  });

  it("tells the server's refusal and reads the list again when the job was retried already", async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({
      [LIST]: inOrder(
        () => json({ content: [job()], totalPages: 1 }),
        () => json({ content: [], totalPages: 0 }),
      ),
      [RETRY]: () =>
        json({ message: 'This job is not failed any more: it was retried already or it finished.' }, 409),
    });
    renderWithProviders(<FailedJobsSection />, { user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: `Retry wallet-ledger-audit job ${ID}` }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'This job is not failed any more: it was retried already or it finished.',
      ),
    );
    expect(await screen.findByText('No failed jobs: every background job finished.')).toBeTruthy();
    expect(api.count(LIST)).toBe(2);
  });
});
