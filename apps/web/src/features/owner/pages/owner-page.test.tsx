import type { PayoutResponse } from '@ember/contracts/payouts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast/notify.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { vipOwner } from '../../../test/test-users.ts';
import OwnerPage from './owner-page.tsx';

const ALL = 'GET /api/commerce/payouts/all';
const BALANCES = 'GET /api/commerce/balance-exporter/export';
const BATCH = 'GET /api/commerce/payouts/batch';

function payoutFixture(overrides: Partial<PayoutResponse> = {}): PayoutResponse {
  const completed = overrides.completed ?? false;
  return {
    id: 5,
    userId: 8,
    developer: { id: 8, discordId: '100000000000000008', username: 'premium', displayName: 'Priya Premium' },
    amount: 10_000,
    date: '2026-11-24T10:00:00.000Z',
    completed,
    completedDate: completed ? '2026-11-25T09:30:00.000Z' : null,
    status: completed ? 'Completed' : 'Pending',
    description: 'Payout request',
    reference: completed ? 'https://bank.example/transfers/TX-51007' : null,
    ...overrides,
  };
}

const pending = payoutFixture();
const completed = payoutFixture({
  id: 4,
  amount: 15_000,
  completed: true,
  date: '2026-10-11T10:00:00.000Z',
  reference: '4815162342',
});

function csvResponse(body: string, filename: string | null) {
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      ...(filename ? { 'content-disposition': `attachment; filename="${filename}"` } : {}),
    },
  });
}

/** What the page saved: every temporary download link's name and its blob. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let counter = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    counter += 1;
    const url = `blob:test/${counter}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return saved;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

beforeEach(() => {
  vi.spyOn(notify, 'success').mockResolvedValue();
  vi.spyOn(notify, 'error').mockResolvedValue();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openPage() {
  renderWithProviders(<OwnerPage />, { route: '/owner', user: vipOwner });
  return screen.findByRole('table', { name: 'Payouts' });
}

describe('OwnerPage', () => {
  it('is titled Owner Panel and lists every payout newest first, with every column', async () => {
    const api = mockApi({ [ALL]: () => json({ content: [pending, completed], totalPages: 1 }) });
    const table = await openPage();
    await within(table).findByText('#5');
    expect(document.title).toBe('Owner Panel · Ember');
    expect(screen.getByRole('heading', { level: 1, name: 'Owner Panel' })).toBeTruthy();
    expect(Object.fromEntries(api.last(ALL)?.url.searchParams ?? [])).toEqual({
      page: '0',
      size: '10',
      sort: 'date,desc',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'ID',
      'User ID',
      'Amount',
      'Status',
      'Description',
      'Request date',
      'Completion date',
      'Details',
    ]);
    const pendingRow = within(table).getByText('#5').closest('tr') as HTMLElement;
    expect(within(pendingRow).getByText('Pending').getAttribute('data-tone')).toBe('pending');
    expect(within(pendingRow).getByText('Not completed')).toBeTruthy();
    // Credits, and the euros the owner pays (issue 34).
    expect(within(pendingRow).getByText('10,000 credits')).toBeTruthy();
    expect(within(pendingRow).getByText('€100.00')).toBeTruthy();
    expect(within(pendingRow).getByText('8')).toBeTruthy();
    expect(within(pendingRow).getByText('Payout request')).toBeTruthy();
    const completedRow = within(table).getByText('#4').closest('tr') as HTMLElement;
    expect(within(completedRow).getByText('Completed').getAttribute('data-tone')).toBe('success');
    expect(within(completedRow).queryByText('Not completed')).toBeNull();
    expect(within(completedRow).getByText('15,000 credits')).toBeTruthy();
    expect(within(completedRow).getByText('€150.00')).toBeTruthy();
  });

  it('sorts and pages on the server', async () => {
    const api = mockApi({ [ALL]: () => json({ content: [pending], totalPages: 3 }) });
    const table = await openPage();
    await within(table).findByText('#5');
    fireEvent.click(within(table).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(api.last(ALL)?.url.searchParams.get('sort')).toBe('amount,desc'));
    fireEvent.change(screen.getByLabelText(/rows per page/i), { target: { value: '100' } });
    await waitFor(() => expect(api.last(ALL)?.url.searchParams.get('size')).toBe('100'));
  });

  it('shows only the pending payouts on request, from the first page', async () => {
    const api = mockApi({
      [ALL]: (call) =>
        call.url.searchParams.get('status') === 'Pending'
          ? json({ content: [], totalPages: 0 })
          : json({ content: [pending, completed], totalPages: 2 }),
    });
    const table = await openPage();
    await within(table).findByText('#5');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.last(ALL)?.url.searchParams.get('page')).toBe('1'));
    expect(api.last(ALL)?.url.searchParams.has('status')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pending only' }));
    await waitFor(() => expect(api.last(ALL)?.url.searchParams.get('status')).toBe('Pending'));
    expect(api.last(ALL)?.url.searchParams.get('page')).toBe('0');
    expect(await screen.findByText('No payout is waiting to be paid.')).toBeTruthy();
    // Back to every payout (the first page, read again or from the cache).
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pending only' }));
    expect(await within(table).findByText('#4')).toBeTruthy();
  });

  it('says when there are no payouts, and offers a retry when they cannot be loaded', async () => {
    mockApi({
      [ALL]: inOrder(
        () => json({ message: 'The server is busy.' }, 500),
        () => json({ content: [], totalPages: 0 }),
      ),
    });
    renderWithProviders(<OwnerPage />, { route: '/owner', user: vipOwner });
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the payouts.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No payout requests yet.')).toBeTruthy();
  });

  it('exports the balances with the bearer-authenticated client, saved under the server’s filename', async () => {
    const saved = captureDownloads();
    const answer = deferred<Response>();
    const api = mockApi({
      [ALL]: () => json({ content: [], totalPages: 0 }),
      [BALANCES]: () => answer.promise,
    });
    renderWithProviders(<OwnerPage />, { route: '/owner', user: vipOwner });
    const button = await screen.findByRole('button', { name: 'Export balances' });
    fireEvent.click(button);
    // While the file downloads the button is busy and cannot be pressed again.
    const busy = await screen.findByRole('button', { name: /Exporting/ });
    expect(busy.getAttribute('aria-busy') === 'true' || busy.hasAttribute('disabled')).toBe(true);
    await act(async () => {
      answer.resolve(csvResponse('userId,discordId\n1,100\n', 'export.csv'));
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('export.csv');
    expect(await saved[0]?.blob.text()).toBe('userId,discordId\n1,100\n');
    expect(api.last(BALANCES)?.headers.get('accept')).toBe('text/csv');
    expect(await screen.findByRole('button', { name: 'Export balances' })).toBeTruthy();
  });

  it('exports the pending payouts, and falls back to the contract filename when the server names none', async () => {
    const saved = captureDownloads();
    mockApi({
      [ALL]: () => json({ content: [], totalPages: 0 }),
      [BATCH]: inOrder(
        () => csvResponse('payoutId\n5\n', 'batch-2026-11-25.csv'),
        () => csvResponse('payoutId\n5\n', null),
      ),
    });
    renderWithProviders(<OwnerPage />, { route: '/owner', user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: 'Export pending payouts' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Export pending payouts' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.name)).toEqual(['batch-2026-11-25.csv', 'pending-payouts.csv']);
  });

  it('toasts the server’s message when an export fails, and saves nothing', async () => {
    const saved = captureDownloads();
    mockApi({
      [ALL]: () => json({ content: [], totalPages: 0 }),
      [BALANCES]: () => json({ message: 'The export could not be started.' }, 503),
    });
    renderWithProviders(<OwnerPage />, { route: '/owner', user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: 'Export balances' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The export could not be started.'));
    expect(saved).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Export balances' })).toBeTruthy();
  });
});

describe('the payout detail', () => {
  it('confirms a pending payout with its reference: toast, the reference as a link, the table read again', async () => {
    const confirmed = payoutFixture({
      completed: true,
      reference: 'https://bank.example/transfers/TX-90001',
    });
    const api = mockApi({
      [ALL]: inOrder(
        () => json({ content: [pending, completed], totalPages: 1 }),
        () => json({ content: [confirmed, completed], totalPages: 1 }),
      ),
      'GET /api/commerce/payouts/5': () => json(pending),
      'POST /api/commerce/payouts/5': () => json(confirmed),
    });
    const table = await openPage();
    fireEvent.click(await within(table).findByRole('button', { name: 'Details of payout 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payout #5' });
    expect(within(dialog).getByText('Priya Premium')).toBeTruthy();
    expect(within(dialog).getByText('10,000 credits (€100.00)')).toBeTruthy();
    expect(within(dialog).getByText('Status').nextElementSibling?.textContent).toBe('Pending');
    expect(within(dialog).getByText('Not completed')).toBeTruthy();
    // Nothing was paid yet: no receipt to offer.
    expect(within(dialog).queryByRole('button', { name: 'Download receipt' })).toBeNull();

    // The contract's own message when the reference is missing; nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payout' }));
    expect(
      await within(dialog).findByText('Enter the transfer reference (a link or a number).'),
    ).toBeTruthy();
    expect(api.keys()).not.toContain('POST /api/commerce/payouts/5');

    fireEvent.change(within(dialog).getByLabelText('Transfer reference'), {
      target: { value: '  https://bank.example/transfers/TX-90001 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payout' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Payout request processed'));
    const post = api.spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      reference: 'https://bank.example/transfers/TX-90001',
    });

    const link = await within(dialog).findByRole('link', { name: 'https://bank.example/transfers/TX-90001' });
    expect(link.getAttribute('href')).toBe('https://bank.example/transfers/TX-90001');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(dialog).queryByLabelText('Transfer reference')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Confirm payout' })).toBeNull();
    // The pressed button is gone: focus is on Close, and the paid payout offers its receipt.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)),
    );
    expect(within(dialog).getByRole('button', { name: 'Download receipt' })).toBeTruthy();
    await waitFor(() => expect(api.count(ALL)).toBe(2));
    const row = within(table).getByText('#5').closest('tr') as HTMLElement;
    expect(within(row).getByText('Completed')).toBeTruthy();
  });

  it('shows the server’s refusal on the form', async () => {
    mockApi({
      [ALL]: () => json({ content: [pending], totalPages: 1 }),
      'GET /api/commerce/payouts/5': () => json(pending),
      'POST /api/commerce/payouts/5': () => json({ message: 'This payout is already completed.' }, 409),
    });
    const table = await openPage();
    fireEvent.click(await within(table).findByRole('button', { name: 'Details of payout 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payout #5' });
    fireEvent.change(within(dialog).getByLabelText('Transfer reference'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payout' }));
    expect(await within(dialog).findByText('This payout is already completed.')).toBeTruthy();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows a reference that is not an http(s) URL as text, never as a link', async () => {
    const scripted = payoutFixture({ id: 6, completed: true, reference: 'javascript:alert(1)' });
    mockApi({
      [ALL]: () => json({ content: [completed, scripted], totalPages: 1 }),
      'GET /api/commerce/payouts/4': () => json(completed),
      'GET /api/commerce/payouts/6': () => json(scripted),
    });
    const table = await openPage();
    fireEvent.click(await within(table).findByRole('button', { name: 'Details of payout 4' }));
    let dialog = await screen.findByRole('dialog', { name: 'Payout #4' });
    expect(within(dialog).getByText('4815162342').tagName).toBe('SPAN');
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Confirm payout' })).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Details of payout 6' }));
    dialog = await screen.findByRole('dialog', { name: 'Payout #6' });
    expect(within(dialog).getByText('javascript:alert(1)').tagName).toBe('SPAN');
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('downloads the receipt as payout-receipt-{id}.pdf', async () => {
    const saved = captureDownloads();
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00, 0x80]);
    const api = mockApi({
      [ALL]: () => json({ content: [completed], totalPages: 1 }),
      'GET /api/commerce/payouts/4': () => json(completed),
      'GET /api/commerce/payouts/4/receipt': () =>
        new Response(pdf, {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="payout-receipt-4.pdf"',
          },
        }),
    });
    const table = await openPage();
    fireEvent.click(await within(table).findByRole('button', { name: 'Details of payout 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payout #4' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('payout-receipt-4.pdf');
    // The bytes arrive untouched (a PDF is binary: never read as text).
    const [receipt] = saved;
    expect(new Uint8Array(await (receipt as { blob: Blob }).blob.arrayBuffer())).toEqual(pdf);
    expect(api.last('GET /api/commerce/payouts/4/receipt')?.headers.get('accept')).toBe('application/pdf');
  });
});
