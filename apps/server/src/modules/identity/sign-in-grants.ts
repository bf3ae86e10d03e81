import { createHash } from 'node:crypto';
import { REFRESH_COOKIE_DAYS } from '@ember/contracts/constants';
import type { Db } from './db.ts';
import {
  deleteGrantsBefore,
  findGrantByAccessHash,
  findGrantByRefreshHash,
  insertSignInGrant,
  revokeGrant,
  revokeGrantByTokenHash,
  type SignInGrantRow,
} from './sign-in-grants.repository.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The record of the chat-platform grants the sign-in handed out (issue 32, decision 0058). A grant
 * signs in only while it is on record, not revoked, and newer than its account's last "Log out of
 * all devices" (the users module keeps that moment).
 */
export function createSignInGrants(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  return {
    /** A fresh grant from the code exchange, or one a refresh handed out (carrying the first sign-in's moment). */
    record(tokens: { access_token: string; refresh_token: string }, discordId: string, signedInAt = clock()) {
      return insertSignInGrant(db, {
        discordId,
        accessTokenHash: hashOf(tokens.access_token),
        refreshTokenHash: hashOf(tokens.refresh_token),
        signedInAt,
      });
    },

    /** The grant behind a chat-platform access token, if it may still sign in (sign-out time aside). */
    async inForceByAccessToken(accessToken: string): Promise<SignInGrantRow | null> {
      const grant = await findGrantByAccessHash(db, hashOf(accessToken));
      return grant && !grant.revokedAt ? grant : null;
    },

    async inForceByRefreshToken(refreshToken: string): Promise<SignInGrantRow | null> {
      const grant = await findGrantByRefreshHash(db, hashOf(refreshToken));
      return grant && !grant.revokedAt ? grant : null;
    },

    /** Whether a grant was handed out before the account's last sign-out everywhere. */
    isOlderThan(grant: SignInGrantRow, signedOutAt: Date | null): boolean {
      return signedOutAt !== null && grant.signedInAt.getTime() <= signedOutAt.getTime();
    },

    /** The refresh replaced it; false when someone else's refresh (or a sign-out) got there first. */
    supersede(grant: SignInGrantRow): Promise<boolean> {
      return revokeGrant(db, grant.id, clock());
    },

    /**
     * The sweep (decision 0064): a grant handed out more than REFRESH_COOKIE_DAYS ago (no browser
     * keeps its cookie longer; a copy of it is refused either way) or revoked more than a day ago.
     * A deleted grant is not on record, so it signs nobody in: the same answer as before the sweep.
     */
    sweep(): Promise<number> {
      const now = clock().getTime();
      return deleteGrantsBefore(db, {
        createdBefore: new Date(now - REFRESH_COOKIE_DAYS * 86_400_000),
        revokedBefore: new Date(now - 86_400_000),
      });
    },

    /** "This device": the grant behind this browser's cookies stops working, wherever they were copied. */
    async revokeByTokens(tokens: readonly (string | undefined)[]): Promise<void> {
      for (const token of tokens) if (token) await revokeGrantByTokenHash(db, hashOf(token), clock());
    },
  };
}

export type SignInGrants = ReturnType<typeof createSignInGrants>;
