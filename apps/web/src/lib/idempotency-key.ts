/**
 * A fresh Idempotency-Key for one money request the user confirmed: sent again with a retry or a
 * second press, it lets the server make the request once.
 */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
