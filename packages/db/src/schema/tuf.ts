import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';

/**
 * Every TUF metadata file the store has published (docs/trust.md), served byte for byte: root
 * versions and top-level targets as the operator signed them off the server, developers' roles as
 * they signed them, snapshot and timestamp as the online keys signed them. Never updated: a new
 * version is a new row, so a client's rollback check always has the history behind it.
 */
export const tufMetadata = pgTable(
  'tuf_metadata',
  {
    /** `root`, `targets`, `snapshot`, `timestamp`, or a delegated role's name. */
    role: text('role').notNull(),
    version: integer('version').notNull(),
    /** The file as served (JSON text). */
    body: text('body').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'tuf_metadata_pkey', columns: [t.role, t.version] }),
    check('tuf_metadata_version_positive', sql`${t.version} > 0`),
  ],
);
