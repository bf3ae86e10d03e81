import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LOGIN_FAILED_MESSAGE, SESSION_EXPIRED_MESSAGE } from '@ember/contracts/errors';
import type { CurrentUser } from '@ember/contracts/identity';
import { DISCORD_SCOPES } from '@ember/contracts/identity-constants';
import type { DiscordConfig } from '../../config/discord-config.ts';
import {
  type DiscordClient,
  ProviderRejected,
  ProviderUnavailable,
} from '../../integrations/discord/discord-client.ts';
import { AppError, Forbidden, Invalid, Unauthorized } from '../../lib/errors.ts';
import { BANNED_MESSAGE } from '../../plugins/access-control.ts';
import type { ProductTokens } from './product-token.ts';

/** 423 Locked: the account exists but is banned. Distinct from 403, which the web reads as "not a member". */
class AccountBanned extends AppError {
  constructor() {
    super(423, BANNED_MESSAGE);
  }
}

class SignInUnavailable extends AppError {
  constructor() {
    super(502, 'Discord is not answering right now. Please try again in a minute.');
  }
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function translateProviderErrors<T>(work: () => Promise<T>, rejected: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderRejected) throw rejected();
    if (error instanceof ProviderUnavailable) throw new SignInUnavailable();
    throw error;
  }
}

/** What sign-in needs of the accounts (the users module's service, wired by the composition root). */
export interface SignInAccounts {
  upsertFromProvider(profile: {
    discordId: string;
    username: string;
    displayName: string;
  }): Promise<{ user: CurrentUser; tokenVersion: number }>;
  revokeProductTokens(userId: number): Promise<unknown>;
}

export function createIdentityService(deps: {
  discord: DiscordClient;
  config: DiscordConfig;
  users: SignInAccounts;
  tokens: ProductTokens;
}) {
  const { discord, config, users, tokens } = deps;

  return {
    /** Where to send the browser, with a fresh `state` the caller must remember (cookie) and check on return. */
    startAuthorization() {
      const state = randomBytes(24).toString('base64url');
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        scope: DISCORD_SCOPES.join(' '),
        redirect_uri: config.redirectUri,
        state,
        prompt: 'none',
      }).toString();
      return { state, url: url.toString() };
    },

    async exchangeCode(input: {
      code: string;
      state: string;
      expectedState: string | undefined;
      redirectUri: string;
    }) {
      if (!input.expectedState || !sameSecret(input.state, input.expectedState)) {
        throw new Invalid('The sign-in request expired or was not started here. Please log in again.');
      }
      if (input.redirectUri !== config.redirectUri)
        throw new Invalid('The redirect URI does not match this site.');
      return translateProviderErrors(
        () => discord.exchangeCode(input.code, config.redirectUri),
        () => new Invalid('The sign-in code is invalid or was already used. Please log in again.'),
      );
    },

    refresh(refreshToken: string | undefined) {
      if (!refreshToken) throw new Unauthorized(SESSION_EXPIRED_MESSAGE);
      return translateProviderErrors(
        () => discord.refresh(refreshToken),
        () => new Unauthorized(SESSION_EXPIRED_MESSAGE),
      );
    },

    /** Chat-platform token in, product JWT out: only for members of the store's chat server, never for banned accounts. */
    async signIn(providerAccessToken: string | undefined) {
      if (!providerAccessToken) throw new Unauthorized('You must be logged in to perform this action.');
      const expired = () => new Unauthorized(SESSION_EXPIRED_MESSAGE);
      const profile = await translateProviderErrors(
        () => discord.getCurrentUser(providerAccessToken),
        expired,
      );
      const member = await translateProviderErrors(
        () => discord.isGuildMember(providerAccessToken, config.guildId),
        expired,
      );
      if (!member) throw new Forbidden(LOGIN_FAILED_MESSAGE);
      const { user, tokenVersion } = await users.upsertFromProvider({
        discordId: profile.id,
        username: profile.username,
        displayName: profile.global_name?.trim() || profile.username,
      });
      if (!user.enabled) throw new AccountBanned();
      const jwt = await tokens.sign({
        sub: String(user.id),
        discordId: user.discordId,
        roles: user.roles,
        ver: tokenVersion,
      });
      return { jwt, member, user };
    },

    /**
     * Sign-out, server side: the user's product JWTs are revoked (token version), and the
     * chat-platform grant behind the session cookies is revoked at the provider, so neither the
     * refresh cookie nor a copied chat-platform token can sign in again. Never fails the sign-out:
     * an unreachable provider is reported to the caller to log.
     */
    async signOut(session: {
      userId: number | undefined;
      providerAccessToken: string | undefined;
      providerRefreshToken: string | undefined;
    }): Promise<{ providerRevoked: boolean }> {
      if (session.userId !== undefined) await users.revokeProductTokens(session.userId);
      try {
        if (session.providerRefreshToken) await discord.revoke(session.providerRefreshToken, 'refresh_token');
        if (session.providerAccessToken) await discord.revoke(session.providerAccessToken, 'access_token');
        return { providerRevoked: true };
      } catch (error) {
        if (error instanceof ProviderUnavailable) return { providerRevoked: false };
        throw error;
      }
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
