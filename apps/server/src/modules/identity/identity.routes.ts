import { COOKIE_DEFAULT_DAYS, REFRESH_COOKIE_DAYS } from '@ember/contracts/constants';
import {
  currentUserResponse,
  discordAuthorizeQuery,
  discordTokenQuery,
  discordTokenResponse,
  logoutQuery,
} from '@ember/contracts/identity';
import { AUTH_COOKIES, REDIRECT_URI_COOKIE } from '@ember/contracts/identity-constants';
import { toSitePath } from '@ember/contracts/site-path';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProviderTokens } from '../../integrations/discord/discord-client.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { noContentResponse } from '../../plugins/route-replies.ts';
import type { IdentityService } from './identity.service.ts';

const STATE_COOKIE_SECONDS = 600;
/** The saved redirectUri lasts as long as the web's own cookies (spec §9 generic cookie: 1 day). */
const REDIRECT_URI_SECONDS = COOKIE_DEFAULT_DAYS * 86_400;
const REFRESH_SECONDS = REFRESH_COOKIE_DAYS * 86_400;

const bearerValue = (header: string | undefined) => header?.replace(/^Bearer\s+/i, '').trim() || undefined;

/** Identity base: the sign-in flow (spec §7 Sign-in). Public by nature: these calls create the session. */
export const identityRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  secureCookies: boolean;
}> = async (app, { identity, secureCookies }) => {
  const route = declareRoutes(app, { tags: ['identity'] });

  const base: CookieSerializeOptions = { path: '/', sameSite: 'lax', secure: secureCookies };

  /** The chat-platform token is readable by the page (it sends it to POST /token); the refresh token is not. */
  const setSessionCookies = (reply: FastifyReply, tokens: ProviderTokens) =>
    reply
      .setCookie(AUTH_COOKIES.token, tokens.access_token, { ...base, maxAge: REFRESH_SECONDS })
      .setCookie(AUTH_COOKIES.refresh, tokens.refresh_token, {
        ...base,
        httpOnly: true,
        maxAge: REFRESH_SECONDS,
      });

  const tokenBody = (tokens: ProviderTokens) => ({
    access_token: tokens.access_token,
    token_type: 'Bearer' as const,
    expires_in: tokens.expires_in,
  });

  route.get(
    '/discord/authorize',
    {
      access: 'public',
      limit: 'sign-in',
      summary:
        'Start sign-in: redirects to the chat platform with a fresh state; `returnTo` names the page to land on afterwards',
      querystring: discordAuthorizeQuery,
    },
    async (request, reply) => {
      const { state, url } = identity.startAuthorization();
      reply.setCookie(AUTH_COOKIES.oauthState, state, {
        ...base,
        httpOnly: true,
        maxAge: STATE_COOKIE_SECONDS,
      });
      // A link that works without JavaScript (the game client's /device prompt) says where to return;
      // the page reads the cookie once signed in, as it does when Log in saved it itself.
      const returnTo = toSitePath(request.query.returnTo);
      if (returnTo) {
        reply.setCookie(REDIRECT_URI_COOKIE, returnTo, { ...base, maxAge: REDIRECT_URI_SECONDS });
      }
      return reply.redirect(url, 302);
    },
  );

  route.post(
    '/discord/token',
    {
      access: 'public',
      limit: 'sign-in',
      summary: 'Exchange the authorization code (state checked) for the chat-platform token',
      querystring: discordTokenQuery,
      response: { 200: discordTokenResponse },
    },
    async (request, reply) => {
      const expectedState = request.cookies[AUTH_COOKIES.oauthState];
      reply.clearCookie(AUTH_COOKIES.oauthState, base);
      const tokens = await identity.exchangeCode({ ...request.query, expectedState });
      return setSessionCookies(reply, tokens).send(tokenBody(tokens));
    },
  );

  route.put(
    '/discord/refresh',
    {
      access: 'public',
      limit: 'session-restore',
      summary: 'Refresh the chat-platform token with the refresh cookie',
      response: { 200: discordTokenResponse },
    },
    async (request, reply) => {
      const refreshToken =
        request.cookies[AUTH_COOKIES.refresh] ?? bearerValue(request.headers.authorization);
      const tokens = await identity.refresh(refreshToken);
      return setSessionCookies(reply, tokens).send(tokenBody(tokens));
    },
  );

  route.post(
    '/token',
    {
      access: 'public',
      limit: 'session-restore',
      summary: 'Chat-platform token in (Authorization), product JWT out (Authorization header)',
      response: { 200: currentUserResponse },
    },
    async (request, reply) => {
      const { jwt, member, user } = await identity.signIn(bearerValue(request.headers.authorization));
      if (app.hasDecorator('countAgainstLimit')) {
        await app.countAgainstLimit('session-restore', `account:${user.id}`);
      }
      return reply
        .header('authorization', `Bearer ${jwt}`)
        .header('x-discord-member', String(member))
        .header('access-control-expose-headers', 'Authorization, X-Discord-Member')
        .header('cache-control', 'no-store')
        .send(user);
    },
  );

  route.post(
    '/logout',
    {
      access: 'optional',
      summary:
        'Sign out: this device (remove the session cookies) or all devices (also revoke the product JWTs and the chat-platform grant)',
      querystring: logoutQuery,
      response: noContentResponse(),
    },
    async (request, reply) => {
      // This device: its grant only, other browsers keep their sessions (issue 24, item 12); all
      // devices: every grant, product JWT and game-client token of the account (issue 32).
      const { providerRevoked } = await identity.signOut({
        scope: request.query.scope,
        userId: request.principal?.userId,
        providerAccessToken: request.cookies[AUTH_COOKIES.token],
        providerRefreshToken: request.cookies[AUTH_COOKIES.refresh],
      });
      if (!providerRevoked) request.log.warn('sign-out: the chat-platform grant could not be revoked');
      return reply
        .clearCookie(AUTH_COOKIES.token, base)
        .clearCookie(AUTH_COOKIES.refresh, base)
        .status(204)
        .send(null);
    },
  );
};
