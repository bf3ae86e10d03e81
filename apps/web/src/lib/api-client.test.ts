import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiFetch,
  apiRequest,
  fetchDocument,
  setAccessTokenProvider,
  setSessionHandlers,
} from './api-client.ts';
import { ApiError } from './api-error.ts';

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function lastRequest(spy: ReturnType<typeof vi.spyOn>) {
  const [url, init] = spy.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

describe('apiFetch', () => {
  afterEach(() => setAccessTokenProvider(() => null));

  it('calls the configured base and returns the parsed JSON', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ id: 7, name: 'Agility' }));
    await expect(apiFetch('shop', '/plans/7')).resolves.toEqual({ id: 7, name: 'Agility' });
    expect(lastRequest(spy).url).toBe('/api/shop/plans/7');
  });

  it('sends plain objects as JSON and appends query parameters', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ id: 1 }, 201));
    await apiFetch('commerce', '/orders', {
      method: 'POST',
      body: { amount: 3, productId: 2 },
      query: { page: 0, ids: [1, 2], skip: undefined },
    });
    const { url, init, headers } = lastRequest(spy);
    expect(url).toBe('/api/commerce/orders?page=0&ids=1&ids=2');
    expect(init.body).toBe('{"amount":3,"productId":2}');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('adds the bearer token once sign-in provides one', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({}));
    setAccessTokenProvider(() => 'jwt-123');
    await apiFetch('identity', '/token');
    expect(lastRequest(spy).headers.get('authorization')).toBe('Bearer jwt-123');
  });

  it("throws the response's message with its status", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Plan name was empty.' }, 400));
    const error = await apiFetch('shop', '/plans', { method: 'POST', body: {} }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Plan name was empty.' });
  });

  it("falls back to 'An error occurred.' when the error has no message", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 500 }));
    await expect(apiFetch('shop', '/plans')).rejects.toMatchObject({
      status: 500,
      message: 'An error occurred.',
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: '  ' }, 409));
    await expect(apiFetch('shop', '/plans')).rejects.toMatchObject({
      status: 409,
      message: 'An error occurred.',
    });
  });

  it("reports a network failure as 'An error occurred.'", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('shop', '/plans')).rejects.toMatchObject({
      status: 0,
      message: 'An error occurred.',
    });
  });

  it('exposes response headers through apiRequest (e.g. Location of a payment)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(null, { status: 201, headers: { location: 'https://pay.example/1' } }),
    );
    const response = await apiRequest('commerce', '/payments', { method: 'POST', query: { orderId: 1 } });
    expect(response.status).toBe(201);
    expect(response.data).toBeUndefined();
    expect(response.headers.get('location')).toBe('https://pay.example/1');
  });
});

describe('the 401 policy', () => {
  afterEach(() => {
    setAccessTokenProvider(() => null);
    setSessionHandlers(null);
  });

  const expired = () => jsonResponse({ message: 'Your session has expired' }, 401);

  it('renews an expired session once and retries with the new token', async () => {
    let token = 'old';
    setAccessTokenProvider(() => token);
    const end = vi.fn();
    const renew = vi.fn(async () => {
      token = 'new';
      return true;
    });
    setSessionHandlers({ renew, end });
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) =>
        new Headers(init?.headers).get('authorization') === 'Bearer new'
          ? jsonResponse({ ok: 1 })
          : expired(),
      );
    await expect(apiFetch('shop', '/users/me')).resolves.toEqual({ ok: 1 });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(end).not.toHaveBeenCalled();
  });

  it('ends the session when renewal fails, and marks the error as handled', async () => {
    setAccessTokenProvider(() => 'old');
    const end = vi.fn();
    setSessionHandlers({ renew: async () => false, end });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => expired());
    await expect(apiFetch('shop', '/users/me')).rejects.toMatchObject({ status: 401, handled: true });
    expect(end).toHaveBeenCalledExactlyOnceWith('Your session has expired');
  });

  it('leaves calls without the session token alone (sign-in calls, explicit Authorization)', async () => {
    setAccessTokenProvider(() => 'jwt');
    const handlers = { renew: vi.fn(async () => true), end: vi.fn() };
    setSessionHandlers(handlers);
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => expired());
    await expect(
      apiFetch('identity', '/discord/refresh', { method: 'PUT', anonymous: true }),
    ).rejects.toMatchObject({
      status: 401,
      handled: false,
    });
    expect(lastRequest(spy).headers.get('authorization')).toBeNull();
    await expect(
      apiFetch('identity', '/token', { method: 'POST', headers: { Authorization: 'Bearer chat' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(handlers.renew).not.toHaveBeenCalled();
    expect(handlers.end).not.toHaveBeenCalled();
  });
});

describe('fetchDocument', () => {
  it('returns the markdown text', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('# FAQ', { headers: { 'content-type': 'text/markdown' } }),
    );
    await expect(fetchDocument('/FAQ.md')).resolves.toBe('# FAQ');
  });

  it('fails on an error status', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('missing', { status: 404 }));
    await expect(fetchDocument('/FAQ.md')).rejects.toBeInstanceOf(ApiError);
  });
});
