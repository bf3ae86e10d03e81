import type { FastifyRequest } from 'fastify';

/** Longest Idempotency-Key kept; a longer one is cut. */
const MAX_KEY_LENGTH = 200;

/**
 * The request's `Idempotency-Key` header, trimmed, or undefined when absent or blank: the one rule of
 * every route that takes one (credit gifts, payouts, purchases and gifts of subscriptions). A client
 * sends one random key per action the person took, and sends it again with every retry of it.
 */
export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.trim() !== '' ? key.trim().slice(0, MAX_KEY_LENGTH) : undefined;
}
