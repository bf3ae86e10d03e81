/**
 * A fresh Idempotency-Key for one money request the user confirmed: sent again with a retry or a
 * second press, it lets the server make the request once.
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The keys of one kind of money request (a purchase, a gift): the same request pressed again after
 * it failed keeps its key, since the first attempt may have gone through before its answer was lost
 * (the server then answers it again instead of charging twice); after a success, or for a request
 * that differs, a fresh key, so a second purchase on purpose is a second purchase.
 */
export function createRetryKeys() {
  let last: { request: string; key: string } | null = null;
  return {
    /** The key to send `request` with. */
    keyFor(request: unknown): string {
      const signature = JSON.stringify(request);
      if (last?.request !== signature) last = { request: signature, key: newIdempotencyKey() };
      return last.key;
    },
    /** The request was answered with success: the next press is a new one. */
    succeeded(): void {
      last = null;
    },
  };
}
