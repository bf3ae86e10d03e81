import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, SHA256_HEX_PATTERN, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A developer's Ed25519 public key for signing their plugin releases (issue 32, decision 0053).
 * The private key never reaches the server. `keyid` is the TUF 1.0 key id: the sha256 of the key's
 * canonical JSON. Revoking sets `revoked_at`; the row stays so the audit trail and old releases name it.
 */
export const developerSigningKeys = pgTable(
  'developer_signing_keys',
  {
    id: identityId(),
    developerId: integer('developer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyid: text('keyid').notNull(),
    publicKeyHex: text('public_key_hex').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    // One registration of a key store-wide: a key is one developer's, active or revoked.
    uniqueIndex('developer_signing_keys_keyid_idx').on(t.keyid),
    index('developer_signing_keys_developer_id_created_at_idx').on(t.developerId, t.createdAt),
    check('developer_signing_keys_keyid_format', sql`${t.keyid} ~ '${sql.raw(SHA256_HEX_PATTERN)}'`),
    check(
      'developer_signing_keys_public_key_format',
      sql`${t.publicKeyHex} ~ '${sql.raw(SHA256_HEX_PATTERN)}'`,
    ),
    check('developer_signing_keys_label_length', sql`char_length(${t.label}) between 1 and 60`),
  ],
);

export type DeveloperSigningKey = typeof developerSigningKeys.$inferSelect;
export type NewDeveloperSigningKey = typeof developerSigningKeys.$inferInsert;
