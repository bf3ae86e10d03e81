import { DEVICE_AUTHORIZATION_STATUSES } from '@ember/contracts/enums';
import { check, index, integer, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';
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
    /** Roughly where the code was asked for: the asking address's network (a.b.c.0/24, or a /48), shown on approval. */
    requestedFrom: text('requested_from'),
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
 * Where signed plugin manifests get their versions (decision 0044): one sequence for every user, so
 * each manifest issued carries a version higher than any issued before it, to its user too (a
 * client refuses one not higher than the highest it accepted), even after an account transfer.
 * Drawing a value locks no row and waits for no disk: an unchanged fetch writes nothing.
 */
export const manifestVersionsSequence = pgSequence('manifest_versions_seq');

export type ClientToken = typeof clientTokens.$inferSelect;
export type DeviceAuthorization = typeof deviceAuthorizations.$inferSelect;
