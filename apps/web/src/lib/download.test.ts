import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api.ts';
import { filenameOfContentDisposition, setAccessTokenProvider } from './api-client.ts';
import { downloadApiFile } from './download.ts';

function captureSaves() {
  const names: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

afterEach(() => {
  vi.restoreAllMocks();
  setAccessTokenProvider(() => null);
});

describe('filenameOfContentDisposition', () => {
  it.each([
    ['attachment; filename="export.csv"', 'export.csv'],
    ['attachment; filename=export.csv', 'export.csv'],
    ['attachment; filename="a \\"quoted\\" name.csv"', 'a "quoted" name.csv'],
    ['attachment; filename="plain.pdf"; filename*=UTF-8\'\'re%C3%A7u.pdf', 'reçu.pdf'],
    ["attachment; filename*=utf-8''payout-receipt-5.pdf", 'payout-receipt-5.pdf'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A; filename="fallback.csv"', 'fallback.csv'],
    ['attachment', null],
    ['', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(filenameOfContentDisposition(header)).toBe(expected);
  });
});

describe('downloadApiFile', () => {
  it('sends the bearer token and saves under the server’s name, without folders', async () => {
    setAccessTokenProvider(() => 'jwt-1');
    const names = captureSaves();
    const api = mockApi({
      'GET /api/commerce/payouts/batch': () =>
        new Response('a,b\n', {
          headers: { 'content-disposition': 'attachment; filename="../../etc/pending.csv"' },
        }),
    });
    expect(await downloadApiFile('commerce', '/payouts/batch', 'fallback.csv')).toBe('pending.csv');
    expect(names).toEqual(['pending.csv']);
    expect(api.last('GET /api/commerce/payouts/batch')?.headers.get('authorization')).toBe('Bearer jwt-1');
  });

  it('rejects with the server’s message and saves nothing', async () => {
    const names = captureSaves();
    mockApi({
      'GET /api/commerce/payouts/9/receipt': () =>
        new Response(JSON.stringify({ message: 'Payout not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    });
    await expect(downloadApiFile('commerce', '/payouts/9/receipt', 'payout-receipt-9.pdf')).rejects.toThrow(
      'Payout not found',
    );
    expect(names).toEqual([]);
  });
});
