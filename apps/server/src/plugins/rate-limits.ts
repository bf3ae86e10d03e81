import { createHash } from 'node:crypto';
import { TOO_MANY_REQUESTS_MESSAGE } from '@ember/contracts/errors';
import { AUTH_COOKIES } from '@ember/contracts/identity-constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';
import { clientAddressKey } from '../lib/client-address.ts';
import type { CounterStore } from '../lib/counter-store.ts';
import { TooManyRequests } from '../lib/errors.ts';
import { isAssetOrPageHtml } from './page-requests.ts';

/** Actions with a limit of their own, on top of the ceiling every request counts against. */
export type LimitedAction =
  | 'sign-in'
  | 'session-restore'
  | 'purchase'
  | 'gift'
  | 'credit-transfer'
  | 'discount-check'
  | 'user-lookup'
  | 'telemetry'
  | 'order';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limit this route counts against (all counted routes count against the ceiling). */
    limit?: LimitedAction;
  }
  interface FastifyInstance {
    /** Counts one more `action` for `key` (e.g. `account:7`); throws TooManyRequests over the limit. */
    countAgainstLimit(action: LimitedAction, key: string): Promise<void>;
    /**
     * Counts a guest's view of a page the server renders once against its address (decision 0046),
     * whether the page is rendered or kept; false when the address is over its ceiling.
     */
    countPageView(request: FastifyRequest): Promise<boolean>;
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
    // A page load of a signed-in visitor restores the session: per account, not a sign-in attempt.
    'session-restore': perMinute(env.RATE_LIMIT_SESSION_RESTORE_PER_MINUTE),
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

const bearerOf = (request: FastifyRequest) =>
  request.headers.authorization?.replace(/^Bearer\s+/i, '').trim() || undefined;

/** The refresh cookie, read from the header: the cookie plugin parses cookies after this hook. */
function refreshCookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === AUTH_COOKIES.refresh) return value.join('=') || undefined;
  }
  return undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Limits, checked in the first onRequest hook after the security headers: before the access hook,
 * so a flood is refused without reading the database (decision 0012, amended by issue 24):
 * - the files of the web app and its pages' HTML are not counted here; a guest's view of a page the
 *   server renders is counted once by the page route (`countPageView`);
 * - a call with a valid product JWT counts against its account (`accountOf` checks the signature
 *   only), every other call against its address (`request.ip`, which believes X-Forwarded-For only
 *   from the proxies in TRUST_PROXY);
 * - restoring a session counts against the session's credential (chat-platform token or refresh
 *   cookie), and the route counts its account once known (`countAgainstLimit`), never against the
 *   address's sign-in limit.
 */
export function registerRateLimits(
  app: FastifyInstance,
  deps: { store: CounterStore; limits: RateLimits; accountOf: (token: string) => Promise<string | null> },
) {
  const enforce = async (name: LimitedAction | 'ceiling', client: string) => {
    const limit = deps.limits[name];
    const counted = await deps.store.increment(`limit:${name}:${client}`, limit.windowMs);
    if (counted.count > limit.max) {
      throw new TooManyRequests(TOO_MANY_REQUESTS_MESSAGE, Math.max(1, Math.ceil(counted.resetInMs / 1000)));
    }
  };
  app.decorate('countAgainstLimit', enforce);
  app.decorate('countPageView', async (request: FastifyRequest) => {
    try {
      await enforce('ceiling', clientAddressKey(request.ip));
      return true;
    } catch (error) {
      if (error instanceof TooManyRequests) return false;
      throw error;
    }
  });

  app.addHook('onRequest', async (request) => {
    if (isAssetOrPageHtml(request)) return;
    const address = clientAddressKey(request.ip);
    const action = request.routeOptions.config?.limit;
    if (action === 'session-restore') {
      await enforce('ceiling', address);
      const credential = bearerOf(request) ?? refreshCookieOf(request);
      // Without a credential there is nothing to restore: the call is a cheap refusal, counted as a sign-in.
      if (credential) await enforce('session-restore', `session:${digest(credential)}`);
      else await enforce('sign-in', address);
      return;
    }
    const bearer = bearerOf(request);
    const account = bearer ? await deps.accountOf(bearer) : null;
    const client = account ? `account:${account}` : address;
    await enforce('ceiling', client);
    if (action) await enforce(action, client);
  });
}
