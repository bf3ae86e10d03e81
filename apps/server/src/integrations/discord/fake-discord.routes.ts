import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareRoutes } from '../../plugins/define-route.ts';
import { registerFakeDirectMessages } from './fake-discord-messages.ts';
import { renderFakeAuthorizePage } from './fake-discord-page.ts';

export interface FakeDiscordAccount {
  discordId: string;
  username: string;
  displayName: string;
  /** Member of the store's chat server. */
  member: boolean;
  note: string;
}

export interface FakeDiscordOptions {
  clientId: string;
  clientSecret: string;
  guildId: string;
  accounts: FakeDiscordAccount[];
  brandName: string;
  /** The bot token its direct-message calls accept. */
  botToken: string;
}

const ACCESS_TOKEN_SECONDS = 604_800;
const CODE_TTL_MS = 5 * 60_000;

const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string(),
  redirect_uri: z.url(),
  scope: z.string().default('identify'),
  state: z.string().default(''),
});

const approveForm = z.object({
  client_id: z.string(),
  redirect_uri: z.url(),
  state: z.string().default(''),
  username: z.string(),
  /** "Another Discord user": any name Discord would allow, with the id Discord gave it (or one made from the name). */
  new_user: z.literal('1').optional(),
  discord_id: z
    .string()
    .regex(/^\d{17,20}$/)
    .optional(),
  /** Their display name on Discord (`global_name`); the username when not given. */
  global_name: z.string().trim().min(1).max(32).optional(),
});

/** Discord's own rule for usernames: 2 to 32 of lowercase letters, digits, `_` and `.`. */
const DISCORD_USERNAME = /^[a-z0-9_.]{2,32}$/;

/** A stable 19-digit id for a name given without one (a real Discord id is a 17-20 digit snowflake). */
const snowflakeOf = (username: string) =>
  `9${BigInt(`0x${createHash('sha256').update(username).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(18, '0')
    .slice(0, 18)}`;

const tokenForm = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    client_id: z.string(),
    client_secret: z.string(),
    code: z.string(),
    redirect_uri: z.string(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    client_id: z.string(),
    client_secret: z.string(),
    refresh_token: z.string(),
  }),
]);

const revokeForm = z.object({
  client_id: z.string(),
  client_secret: z.string(),
  token: z.string(),
  token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
});

const newToken = () => randomBytes(24).toString('base64url');

/**
 * A stand-in for Discord's OAuth2 and REST endpoints, speaking the same protocol over HTTP, so the
 * real client code runs in development and tests. Mounted only when no Discord application is
 * configured, which production refuses.
 */
export const fakeDiscordRoutes: FastifyPluginAsync<FakeDiscordOptions> = async (app, options) => {
  const byUsername = new Map(options.accounts.map((account) => [account.username, account]));
  const byDiscordId = new Map(options.accounts.map((account) => [account.discordId, account]));
  const codes = new Map<string, { discordId: string; redirectUri: string; expiresAt: number }>();
  // Each sign-in is one grant; refreshing keeps the grant, revoking any of its tokens ends all of them.
  const accessTokens = new Map<string, { discordId: string; grant: string; expiresAt: number }>();
  const refreshTokens = new Map<string, { discordId: string; grant: string }>();

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const route = declareRoutes(app.withTypeProvider<ZodTypeProvider>());
  const publicRoute = { access: 'public', hide: true } as const;
  const oauthError = (reply: FastifyReply, status: number, error: string) =>
    reply.status(status).send({ error, error_description: error.replaceAll('_', ' ') });

  const issueTokens = (discordId: string, grant = newToken()) => {
    const access_token = newToken();
    const refresh_token = newToken();
    accessTokens.set(access_token, {
      discordId,
      grant,
      expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
    });
    refreshTokens.set(refresh_token, { discordId, grant });
    return {
      access_token,
      refresh_token,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: 'identify guilds.members.read',
    };
  };

  const accountFromBearer = (authorization: string | undefined) => {
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    const entry = accessTokens.get(token);
    if (!entry || entry.expiresAt < Date.now()) return null;
    return byDiscordId.get(entry.discordId) ?? null;
  };

  route.get('/oauth2/authorize', publicRoute, async (request, reply) => {
    const query = authorizeQuery.safeParse(request.query);
    if (!query.success || query.data.client_id !== options.clientId) {
      return reply
        .status(400)
        .type('text/plain')
        .send('Invalid OAuth2 request: unknown client_id or missing parameters.');
    }
    const accounts = options.accounts.map(({ username, displayName, note }) => ({
      username,
      displayName,
      note,
    }));
    return reply.type('text/html; charset=utf-8').send(
      renderFakeAuthorizePage({
        clientId: query.data.client_id,
        redirectUri: query.data.redirect_uri,
        state: query.data.state,
        scope: query.data.scope,
        accounts,
        brandName: options.brandName,
      }),
    );
  });

  /** Someone who is not a demo account signs in: Discord has millions of users, the fake any name. */
  const anotherUser = (username: string, discordId: string | undefined, displayName = username) => {
    if (!DISCORD_USERNAME.test(username)) return undefined;
    // The same user signing in again, by name alone as on the form, or by name and id.
    const sameName = byUsername.get(username);
    if (sameName) return discordId === undefined || sameName.discordId === discordId ? sameName : undefined;
    const id = discordId ?? snowflakeOf(username);
    if (byDiscordId.has(id)) return undefined;
    const account = { discordId: id, username, displayName, member: true, note: 'another user' };
    byUsername.set(username, account);
    byDiscordId.set(id, account);
    return account;
  };

  route.post('/oauth2/authorize', publicRoute, async (request, reply) => {
    const form = approveForm.safeParse(request.body);
    const account = !form.success
      ? undefined
      : form.data.new_user
        ? anotherUser(form.data.username, form.data.discord_id, form.data.global_name)
        : byUsername.get(form.data.username);
    if (!form.success || !account || form.data.client_id !== options.clientId) {
      return reply.status(400).type('text/plain').send('Invalid sign-in request.');
    }
    const code = newToken();
    codes.set(code, {
      discordId: account.discordId,
      redirectUri: form.data.redirect_uri,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    const target = new URL(form.data.redirect_uri);
    target.searchParams.set('code', code);
    if (form.data.state) target.searchParams.set('state', form.data.state);
    return reply.redirect(target.toString(), 302);
  });

  route.post('/api/oauth2/token', publicRoute, async (request, reply) => {
    const form = tokenForm.safeParse(request.body);
    if (!form.success) return oauthError(reply, 400, 'invalid_request');
    if (form.data.client_id !== options.clientId || form.data.client_secret !== options.clientSecret) {
      return oauthError(reply, 401, 'invalid_client');
    }
    if (form.data.grant_type === 'authorization_code') {
      const grant = codes.get(form.data.code);
      codes.delete(form.data.code);
      if (!grant || grant.expiresAt < Date.now() || grant.redirectUri !== form.data.redirect_uri) {
        return oauthError(reply, 400, 'invalid_grant');
      }
      return issueTokens(grant.discordId);
    }
    const previous = refreshTokens.get(form.data.refresh_token);
    refreshTokens.delete(form.data.refresh_token);
    if (!previous) return oauthError(reply, 400, 'invalid_grant');
    return issueTokens(previous.discordId, previous.grant);
  });

  route.post('/api/oauth2/token/revoke', publicRoute, async (request, reply) => {
    const form = revokeForm.safeParse(request.body);
    if (!form.success) return oauthError(reply, 400, 'invalid_request');
    if (form.data.client_id !== options.clientId || form.data.client_secret !== options.clientSecret) {
      return oauthError(reply, 401, 'invalid_client');
    }
    const grant = (accessTokens.get(form.data.token) ?? refreshTokens.get(form.data.token))?.grant;
    if (grant === undefined) return reply.status(200).send({});
    for (const tokens of [accessTokens, refreshTokens]) {
      for (const [token, entry] of tokens) if (entry.grant === grant) tokens.delete(token);
    }
    return reply.status(200).send({});
  });

  registerFakeDirectMessages(app, options.botToken);

  route.get('/api/users/@me', publicRoute, async (request, reply) => {
    const account = accountFromBearer(request.headers.authorization);
    if (!account) return reply.status(401).send({ message: '401: Unauthorized', code: 0 });
    return {
      id: account.discordId,
      username: account.username,
      global_name: account.displayName,
      avatar: null,
      discriminator: '0',
    };
  });

  route.get('/api/users/@me/guilds/:guildId/member', publicRoute, async (request, reply) => {
    const account = accountFromBearer(request.headers.authorization);
    if (!account) return reply.status(401).send({ message: '401: Unauthorized', code: 0 });
    if ((request.params as { guildId: string }).guildId !== options.guildId || !account.member) {
      return reply.status(404).send({ message: 'Unknown Guild', code: 10004 });
    }
    return {
      user: { id: account.discordId, username: account.username, global_name: account.displayName },
      nick: null,
      roles: [],
      joined_at: '2024-01-01T00:00:00.000Z',
    };
  });
};
