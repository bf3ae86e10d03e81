import { ClientApiError } from './client-api.ts';

/** The first wait after a failed heartbeat, doubled on each failure after it, up to the cap. */
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** Gives up this long before the session would time out: a beat that late may arrive too late. */
const SAFETY_MARGIN_MS = 2_000;

export interface HeartbeatRetryOptions {
  /** The session's timeout: the server ends it this long after the last heartbeat it answered. */
  timeoutMs: number;
  /** When the server last answered this session (its open, or its last heartbeat), in ms. */
  lastAnsweredAt: number;
  signal?: AbortSignal;
  now?: () => number;
  /** Waits `ms`; true when `signal` ended the wait early. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<boolean>;
  /** 0..1; the wait is drawn between half the backoff and the whole of it. */
  random?: () => number;
  onRetry?: (error: ClientApiError, waitMs: number) => void;
}

/** A failure that may pass: the server is busy (429), failing (5xx), or could not be reached (0). */
export const isPassingFailure = (error: unknown): error is ClientApiError =>
  error instanceof ClientApiError && (error.status === 0 || error.status === 429 || error.status >= 500);

/**
 * One heartbeat, tried again with backoff while the failure may pass and the session has time left
 * (issue 32): a 429, a 5xx or a dropped connection no longer ends the session. The server's
 * Retry-After is honoured: never asked again sooner, and given up at once when it points past the
 * session's timeout. Any other refusal (ended session, limit, revoked token) is thrown as it is.
 * Null when `signal` stopped the wait.
 */
export async function heartbeatWithRetry<T>(
  beat: () => Promise<T>,
  options: HeartbeatRetryOptions,
): Promise<T | null> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? pause;
  const random = options.random ?? Math.random;
  const deadline = options.lastAnsweredAt + options.timeoutMs - SAFETY_MARGIN_MS;
  for (let failures = 0; ; failures++) {
    try {
      return await beat();
    } catch (error) {
      if (!isPassingFailure(error)) throw error;
      const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** failures, MAX_BACKOFF_MS);
      const drawn = Math.round(backoff / 2 + (random() * backoff) / 2);
      const waitMs =
        error.retryAfterSeconds === undefined ? drawn : Math.max(error.retryAfterSeconds * 1000, drawn);
      if (now() + waitMs >= deadline) throw error;
      options.onRetry?.(error, waitMs);
      if (await sleep(waitMs, options.signal)) return null;
    }
  }
}

/** Waits `ms`; resolves true early when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(true);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
