import { DEVICE_AUTHORIZATION_STATUSES } from '@ember/contracts/enums';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, isOneOf, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A game client's token, given through the device-authorization flow (RFC 8628). Only its SHA-256
 * is stored; it works on the client API only, and is listed on /account where it can be revoked.
 */
export const clientTokens = pgTable(
  'client_tokens',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('client_tokens_token_hash_key'),
    /** What the client called itself when it asked ("Ember client on DESKTOP-1"). */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('client_tokens_user_id_idx').on(t.userId)],
);

/** One device-authorization request: the client polls with the device code, the user approves the user code. */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: identityId(),
    deviceCodeHash: text('device_code_hash').notNull().unique('device_authorizations_device_code_hash_key'),
    /** The short code the user types, stored without its dash ("BCDFGHJK"). */
    userCode: text('user_code').notNull(),
    clientName: text('client_name').notNull(),
    status: text('status', { enum: DEVICE_AUTHORIZATION_STATUSES }).notNull().default('PENDING'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientTokenId: integer('client_token_id').references(() => clientTokens.id, { onDelete: 'set null' }),
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamptz('last_polled_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_authorizations_user_code_idx').on(t.userCode),
    index('device_authorizations_expires_at_idx').on(t.expiresAt),
    check('device_authorizations_status_known', isOneOf(t.status, DEVICE_AUTHORIZATION_STATUSES)),
  ],
);

/**
 * The version counter of each user's signed plugin manifest: every new manifest carries the next
 * value, so a client that remembers the highest it saw refuses an older (rolled-back) one. The
 * newest one is re-served as issued (same version, same times) while its plugins stay the same and
 * most of its lifetime is left, so an unchanged fetch writes nothing (decision 0044).
 */
export const manifestVersions = pgTable(
  'manifest_versions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** The SHA-256 of what manifest `version` lists (its user and plugins); null: issue a new one. */
    contentSha256: text('content_sha256'),
    /** When manifest `version` was issued (its expiry follows from it). */
    issuedAt: timestamptz('issued_at'),
  },
  (t) => [check('manifest_versions_version_not_negative', sql`${t.version} >= 0`)],
);

export type ClientToken = typeof clientTokens.$inferSelect;
export type DeviceAuthorization = typeof deviceAuthorizations.$inferSelect;
