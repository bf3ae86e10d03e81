export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class OutboundHostNotAllowed extends Error {}

/**
 * Outbound HTTP only to the origins an integration was configured with, with a time limit, so a
 * crafted URL can never make the server call somewhere else.
 */
export function createSafeFetch(allowedOrigins: string[], options: { timeoutMs?: number } = {}): FetchLike {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  const timeoutMs = options.timeoutMs ?? 10_000;
  return (input, init) => {
    const url = new URL(input);
    if (!allowed.has(url.origin)) {
      return Promise.reject(new OutboundHostNotAllowed(`Outbound call to ${url.origin} is not allowed`));
    }
    return fetch(url, { ...init, redirect: 'error', signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
  };
}
