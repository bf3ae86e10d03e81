import { ApiError } from '../../../lib/api-error.ts';

/** Network failure (0), too many requests, or a server that is down or overloaded: worth waiting for. */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.status === 0 ||
    error.status === 429 ||
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504
  );
}

const MAX_WAIT_MS = 30_000;

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work`, and again after each transient failure: after the server's Retry-After, else after
 * 1, 2, 4… seconds (at most 30). Any other failure, or the last transient one, is thrown as it is.
 */
export async function retryTransient<T>(
  work: () => Promise<T>,
  { attempts = 6, sleep = wait }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientFailure(error)) throw error;
      const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined;
      const backoff = 1000 * 2 ** (attempt - 1);
      await sleep(Math.min(MAX_WAIT_MS, retryAfter !== undefined ? retryAfter * 1000 : backoff));
    }
  }
}
