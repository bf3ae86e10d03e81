import type { FastifyInstance } from 'fastify';
import type { TestContext } from './test-app.ts';

/** One browser's session cookies, as the sign-in set them. */
export interface BrowserCookies {
  token: string;
  refresh: string;
}

const cookieOf = (setCookie: string | string[] | undefined, name: string) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((candidate) => candidate.startsWith(`${name}=`)) ?? '';
  return decodeURIComponent((line.split(';')[0] ?? '').slice(name.length + 1));
};

/**
 * The consent form of the fake provider's authorize page, sent as the browser does: the app's
 * client id and redirect URI from `authorizeUrl`, and these fields (state, username, …).
 */
export function approveOnProvider(authorizeUrl: URL, fields: Record<string, string>) {
  return fetch(authorizeUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: authorizeUrl.searchParams.get('client_id') ?? '',
      redirect_uri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
      ...fields,
    }),
  });
}

/**
 * The real sign-in flow against the fake provider on its own port: our authorize redirect, the
 * provider's consent form over HTTP, then the code exchange, whose answer this is.
 */
export async function providerCodeExchange(ctx: TestContext, username: string) {
  const app: FastifyInstance = ctx.app;
  const start = await app.inject({ method: 'GET', url: '/api/identity/discord/authorize' });
  const state = cookieOf(start.headers['set-cookie'], 'oauth_state');
  const authorizeUrl = new URL(String(start.headers.location));
  const approve = await approveOnProvider(authorizeUrl, {
    state: authorizeUrl.searchParams.get('state') ?? '',
    username,
  });
  const back = new URL(approve.headers.get('location') ?? '');
  return app.inject({
    method: 'POST',
    url: `/api/identity/discord/token?${back.searchParams}&redirectUri=${encodeURIComponent(`${ctx.env.PUBLIC_URL}/oauth2`)}`,
    cookies: { oauth_state: state },
  });
}

/** A browser signing in through the real flow (providerCodeExchange): its cookies. */
export async function browserSignIn(ctx: TestContext, username: string): Promise<BrowserCookies> {
  const exchange = await providerCodeExchange(ctx, username);
  if (exchange.statusCode !== 200)
    throw new Error(`exchange answered ${exchange.statusCode}: ${exchange.body}`);
  return {
    token: cookieOf(exchange.headers['set-cookie'], 'token'),
    refresh: cookieOf(exchange.headers['set-cookie'], 'refresh'),
  };
}

/** What a page load does: the chat-platform token in, the product JWT (an Authorization header) out. */
export const restoreSession = (ctx: TestContext, cookies: Pick<BrowserCookies, 'token'>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/identity/token',
    headers: { authorization: `Bearer ${cookies.token}` },
  });

/** PUT /discord/refresh with the refresh cookie; the new cookies on success. */
export async function refreshSession(ctx: TestContext, cookies: Pick<BrowserCookies, 'refresh'>) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/identity/discord/refresh',
    cookies: { refresh: cookies.refresh },
  });
  return {
    statusCode: res.statusCode,
    body: res.body,
    cookies: {
      token: cookieOf(res.headers['set-cookie'], 'token'),
      refresh: cookieOf(res.headers['set-cookie'], 'refresh'),
    },
  };
}
