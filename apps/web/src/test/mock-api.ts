import { vi } from 'vitest';

export interface ApiCall {
  /** "METHOD /path", e.g. "POST /api/identity/token". */
  key: string;
  url: URL;
  headers: Headers;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** A JSON response like the server's. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Answers one call after the other with the given handlers (the last one repeats). */
export function inOrder(...handlers: Handler[]): Handler {
  let index = 0;
  return (call) => {
    const handler = handlers[Math.min(index, handlers.length - 1)] as Handler;
    index += 1;
    return handler(call);
  };
}

/**
 * Replaces fetch with a router of "METHOD /path" → handler. Unknown calls answer 404, so a test
 * never reaches the network. `calls` records every request in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), window.location.origin);
    const call: ApiCall = {
      key: `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`,
      url,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = handlers[call.key];
    return handler ? handler(call) : json({ message: `No mock for ${call.key}` }, 404);
  });
  return {
    spy,
    calls,
    keys: () => calls.map((call) => call.key),
    last: (key: string) => calls.filter((call) => call.key === key).at(-1),
    /** How many calls to `key` were made so far. */
    count: (key: string) => calls.filter((call) => call.key === key).length,
  };
}
