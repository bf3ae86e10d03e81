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
import type { SignInGrants } from './sign-in-grants.ts';

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
  }): Promise<{ user: CurrentUser; tokenVersion: number; signedOutAt: Date | null }>;
  /** Log out of all devices: the product JWTs revoked, the sign-out dated. */
  signOutEverywhere(userId: number): Promise<unknown>;
  signedOutAtOf(discordId: string): Promise<Date | null>;
}

/** The game client's sign-ins (client-api module), revoked with "Log out of all devices". */
export interface ClientSignIns {
  revokeAllOf(userId: number): Promise<unknown>;
}

export function createIdentityService(deps: {
  discord: DiscordClient;
  config: DiscordConfig;
  users: SignInAccounts;
  tokens: ProductTokens;
  grants: SignInGrants;
  clientSignIns: ClientSignIns;
}) {
  const { discord, config, users, tokens, grants } = deps;
  const expired = () => new Unauthorized(SESSION_EXPIRED_MESSAGE);

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
      const handedOut = await translateProviderErrors(
        () => discord.exchangeCode(input.code, config.redirectUri),
        () => new Invalid('The sign-in code is invalid or was already used. Please log in again.'),
      );
      // On record with its account, so "Log out of all devices" reaches it on every browser (issue 32).
      const profile = await translateProviderErrors(
        () => discord.getCurrentUser(handedOut.access_token),
        expired,
      );
      await grants.record(handedOut, profile.id);
      return handedOut;
    },

    /** A new grant for one on record, in force and newer than the account's last sign-out everywhere. */
    async refresh(refreshToken: string | undefined) {
      if (!refreshToken) throw expired();
      const grant = await grants.inForceByRefreshToken(refreshToken);
      if (!grant || grants.isOlderThan(grant, await users.signedOutAtOf(grant.discordId))) throw expired();
      const refreshed = await translateProviderErrors(() => discord.refresh(refreshToken), expired);
      if (!(await grants.supersede(grant))) throw expired();
      await grants.record(refreshed, grant.discordId, grant.signedInAt);
      return refreshed;
    },

    /** Chat-platform token in, product JWT out: only for members of the store's chat server, never for banned accounts. */
    async signIn(providerAccessToken: string | undefined) {
      if (!providerAccessToken) throw new Unauthorized('You must be logged in to perform this action.');
      // Only a grant the sign-in handed out, still in force: a copied cookie of a signed-out browser is not.
      const grant = await grants.inForceByAccessToken(providerAccessToken);
      if (!grant) throw expired();
      const profile = await translateProviderErrors(
        () => discord.getCurrentUser(providerAccessToken),
        expired,
      );
      const member = await translateProviderErrors(
        () => discord.isGuildMember(providerAccessToken, config.guildId),
        expired,
      );
      if (!member) throw new Forbidden(LOGIN_FAILED_MESSAGE);
      if (profile.id !== grant.discordId) throw expired();
      const { user, tokenVersion, signedOutAt } = await users.upsertFromProvider({
        discordId: profile.id,
        username: profile.username,
        displayName: profile.global_name?.trim() || profile.username,
      });
      if (grants.isOlderThan(grant, signedOutAt)) throw expired();
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
     * Sign-out, server side. This device: the grant behind its cookies is revoked on record and at
     * the provider, so a copied cookie signs nobody in. All devices (with the product JWT's user):
     * also every product JWT, every game-client token, and every grant handed out before now, on
     * every browser. Never fails the sign-out: an unreachable provider is reported to the caller to log.
     */
    async signOut(session: {
      scope: 'this-device' | 'all-devices';
      userId: number | undefined;
      providerAccessToken: string | undefined;
      providerRefreshToken: string | undefined;
    }): Promise<{ providerRevoked: boolean }> {
      await grants.revokeByTokens([session.providerAccessToken, session.providerRefreshToken]);
      if (session.scope === 'all-devices' && session.userId !== undefined) {
        await users.signOutEverywhere(session.userId);
        await deps.clientSignIns.revokeAllOf(session.userId);
      }
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
