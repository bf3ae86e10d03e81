import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  apiFetch,
  apiRequest,
  fetchDocument,
  setAccessTokenProvider,
  setSessionHandlers,
} from './api-client.ts';
import { ApiError } from './api-error.ts';
import { fetchJsonDocument } from './fetch-json-document.ts';
import { noContent } from './no-content.ts';

const plan = z.object({ id: z.number(), name: z.string() });
const anything = z.unknown();

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
    await expect(apiFetch('shop', '/plans/7', plan)).resolves.toEqual({ id: 7, name: 'Agility' });
    expect(lastRequest(spy).url).toBe('/api/shop/plans/7');
  });

  it('sends plain objects as JSON and appends query parameters', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ id: 1 }, 201));
    await apiFetch('commerce', '/orders', z.object({ id: z.number() }), {
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
    await apiFetch('identity', '/token', anything);
    expect(lastRequest(spy).headers.get('authorization')).toBe('Bearer jwt-123');
  });

  it("throws the response's message with its status", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Plan name was empty.' }, 400));
    const error = await apiFetch('shop', '/plans', plan, { method: 'POST', body: {} }).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Plan name was empty.' });
  });

  it("falls back to 'An error occurred.' when the error has no message", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 500 }));
    await expect(apiFetch('shop', '/plans', anything)).rejects.toMatchObject({
      status: 500,
      message: 'An error occurred.',
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: '  ' }, 409));
    await expect(apiFetch('shop', '/plans', anything)).rejects.toMatchObject({
      status: 409,
      message: 'An error occurred.',
    });
  });

  it("reports a network failure as 'An error occurred.'", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('shop', '/plans', anything)).rejects.toMatchObject({
      status: 0,
      message: 'An error occurred.',
    });
  });

  it('exposes response headers through apiRequest (e.g. Location of a payment)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(null, { status: 201, headers: { location: 'https://pay.example/1' } }),
    );
    const response = await apiRequest('commerce', '/payments', noContent, {
      method: 'POST',
      query: { orderId: 1 },
    });
    expect(response.status).toBe(201);
    expect(response.data).toBeUndefined();
    expect(response.headers.get('location')).toBe('https://pay.example/1');
  });
});

describe('answers are parsed with their contract', () => {
  function brokenAnswer() {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input) === '/api/client-errors'
          ? jsonResponse({ accepted: true }, 202)
          : jsonResponse({ id: 'seven', name: 'Agility' }),
      );
    return { console, spy };
  }

  it('returns what the schema makes of the answer', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ id: 7, name: 'Agility', extra: true }));
    await expect(apiFetch('shop', '/plans/7', plan)).resolves.toEqual({ id: 7, name: 'Agility' });
  });

  it("shows a broken answer as 'An error occurred.', never the validation message", async () => {
    brokenAnswer();
    const error = await apiFetch('shop', '/plans/7', plan).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('An error occurred.');
    expect(error.message).not.toMatch(/expected|invalid|number/i);
  });

  it('reports a broken answer to the developers with the details', async () => {
    const { console, spy } = brokenAnswer();
    await apiFetch('shop', '/plans/7', plan).catch(() => {});
    const report = spy.mock.calls.find(([url]) => String(url) === '/api/client-errors');
    expect(report?.[1]?.method).toBe('POST');
    const body = JSON.parse(String(report?.[1]?.body));
    // Which field failed and why, in zod's terms (not the plain 'The id is not valid.').
    expect(body.message).toBe(
      'The answer of GET shop /plans/7 did not match its contract: id: expected number, received a string of 5 characters',
    );
    expect(body.url).toBe(window.location.href);
    expect(console).toHaveBeenCalled();
  });

  it('treats a body on a call that expects none as broken', async () => {
    vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ unexpected: true }));
    await expect(apiFetch('identity', '/logout', noContent, { method: 'POST' })).rejects.toMatchObject({
      message: 'An error occurred.',
    });
  });

  it('counts a static JSON document cut off mid-body as a network failure, not a broken answer', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const cutOff = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"version":'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(cutOff, { headers: { 'content-type': 'application/json' } }),
    );
    await expect(fetchJsonDocument('/bootstrap.json', plan)).rejects.toMatchObject({ status: 0 });
    expect(console).not.toHaveBeenCalled();
  });

  it('reports a static JSON document that is not JSON as such', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('<!doctype html><title>Ember</title>', { headers: { 'content-type': 'text/html' } }),
    );
    await expect(fetchJsonDocument('/bootstrap.json', plan)).rejects.toMatchObject({
      message: 'An error occurred.',
    });
    expect(console).toHaveBeenCalledWith(
      'The answer of GET /bootstrap.json was not JSON (text/html, 35 characters).',
      undefined,
    );
  });

  it('parses static JSON documents the same way', async () => {
    vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ id: 1, name: 'Bootstrap' }));
    await expect(fetchJsonDocument('/bootstrap.json', plan)).resolves.toEqual({ id: 1, name: 'Bootstrap' });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ version: 3 }));
    await expect(fetchJsonDocument('/bootstrap.json', plan)).rejects.toMatchObject({
      message: 'An error occurred.',
    });
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
      return 'renewed' as const;
    });
    setSessionHandlers({ renew, end });
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) =>
        new Headers(init?.headers).get('authorization') === 'Bearer new'
          ? jsonResponse({ ok: 1 })
          : expired(),
      );
    await expect(apiFetch('shop', '/users/me', anything)).resolves.toEqual({ ok: 1 });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(end).not.toHaveBeenCalled();
  });

  it('ends the session when renewal fails, and marks the error as handled', async () => {
    setAccessTokenProvider(() => 'old');
    const end = vi.fn();
    setSessionHandlers({ renew: async () => 'refused', end });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => expired());
    await expect(apiFetch('shop', '/users/me', anything)).rejects.toMatchObject({
      status: 401,
      handled: true,
    });
    expect(end).toHaveBeenCalledExactlyOnceWith('Your session has expired');
  });

  // Issue 24, item 12: a 429 while renewing made the app sign the visitor out everywhere.
  it('keeps the session when the renewal could not be made (busy or unreachable server)', async () => {
    setAccessTokenProvider(() => 'old');
    const end = vi.fn();
    setSessionHandlers({ renew: async () => 'unavailable', end });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => expired());
    await expect(apiFetch('shop', '/users/me', anything)).rejects.toMatchObject({
      status: 503,
      handled: false,
    });
    expect(end).not.toHaveBeenCalled();
  });

  it('reads Retry-After into the error', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: 'Too many requests' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '7' },
        }),
    );
    await expect(apiFetch('shop', '/users/me', anything)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 7,
    });
  });

  it('leaves calls without the session token alone (sign-in calls, explicit Authorization)', async () => {
    setAccessTokenProvider(() => 'jwt');
    const handlers = { renew: vi.fn(async () => 'renewed' as const), end: vi.fn() };
    setSessionHandlers(handlers);
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => expired());
    await expect(
      apiFetch('identity', '/discord/refresh', anything, { method: 'PUT', anonymous: true }),
    ).rejects.toMatchObject({
      status: 401,
      handled: false,
    });
    expect(lastRequest(spy).headers.get('authorization')).toBeNull();
    await expect(
      apiFetch('identity', '/token', anything, { method: 'POST', headers: { Authorization: 'Bearer chat' } }),
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
