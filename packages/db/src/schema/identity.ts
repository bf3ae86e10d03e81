import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestamptz } from './columns.ts';

/**
 * Every chat-platform grant the sign-in handed out (the `token` and `refresh` cookies), by the
 * SHA-256 of its two tokens, never the tokens themselves. A grant the store did not hand out, one
 * revoked ("this device", or replaced by a refresh), or one older than its account's last "Log out
 * of all devices" signs nobody in (issue 32, decision 0058).
 */
export const signInGrants = pgTable(
  'sign_in_grants',
  {
    id: identityId(),
    /** The chat-platform account the grant belongs to (learned when it was handed out). */
    discordId: text('discord_id').notNull(),
    accessTokenHash: text('access_token_hash').notNull().unique('sign_in_grants_access_token_hash_key'),
    refreshTokenHash: text('refresh_token_hash').notNull().unique('sign_in_grants_refresh_token_hash_key'),
    /** When the person signed in; a refresh hands out a new grant carrying the same moment. */
    signedInAt: timestamptz('signed_in_at').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('sign_in_grants_created_at_idx').on(t.createdAt)],
);
