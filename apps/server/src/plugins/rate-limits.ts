import { TOO_MANY_REQUESTS_MESSAGE } from '@ember/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';
import { clientAddressKey } from '../lib/client-address.ts';
import type { CounterStore } from '../lib/counter-store.ts';
import { TooManyRequests } from '../lib/errors.ts';

/** Actions with a limit of their own, on top of the ceiling every request counts against. */
export type LimitedAction =
  | 'sign-in'
  | 'purchase'
  | 'gift'
  | 'credit-transfer'
  | 'discount-check'
  | 'user-lookup'
  | 'telemetry'
  | 'order';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-address limit this route counts against (all routes count against the ceiling). */
    limit?: LimitedAction;
  }
}

export interface Limit {
  max: number;
  windowMs: number;
}

export type RateLimits = Record<LimitedAction | 'ceiling', Limit>;

const perMinute = (max: number): Limit => ({ max, windowMs: 60_000 });

export function rateLimitsFrom(env: Env): RateLimits {
  return {
    ceiling: perMinute(env.RATE_LIMIT_PER_MINUTE),
    'sign-in': perMinute(env.RATE_LIMIT_SIGN_IN_PER_MINUTE),
    purchase: perMinute(env.RATE_LIMIT_SPENDING_PER_MINUTE),
    gift: perMinute(env.RATE_LIMIT_SPENDING_PER_MINUTE),
    'credit-transfer': perMinute(env.RATE_LIMIT_SPENDING_PER_MINUTE),
    'discount-check': perMinute(30),
    // A signed-in account must not walk the id space to list who has an account.
    'user-lookup': perMinute(30),
    telemetry: perMinute(20),
    // Orders and checkouts: each one reserves stock and may open a session at the processor.
    order: perMinute(env.RATE_LIMIT_ORDERS_PER_MINUTE),
  };
}

/**
 * Per-address limits, checked in the first onRequest hook after the security headers: before the
 * access hook, so a flood is refused without verifying tokens or reading the database. The address
 * is `request.ip`, which believes X-Forwarded-For only from the proxies in TRUST_PROXY.
 */
export function registerRateLimits(app: FastifyInstance, deps: { store: CounterStore; limits: RateLimits }) {
  const enforce = async (name: LimitedAction | 'ceiling', client: string) => {
    const limit = deps.limits[name];
    const counted = await deps.store.increment(`limit:${name}:${client}`, limit.windowMs);
    if (counted.count > limit.max) {
      throw new TooManyRequests(TOO_MANY_REQUESTS_MESSAGE, Math.max(1, Math.ceil(counted.resetInMs / 1000)));
    }
  };

  app.addHook('onRequest', async (request) => {
    const client = clientAddressKey(request.ip);
    await enforce('ceiling', client);
    const action = request.routeOptions.config?.limit;
    if (action) await enforce(action, client);
  });
}
