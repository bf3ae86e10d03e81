import { tufMetadata } from '@ember/db/schema/tuf';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// Table: tuf_metadata (owned).

export interface StoredMetadata {
  role: string;
  version: number;
  body: string;
}

const columns = { role: tufMetadata.role, version: tufMetadata.version, body: tufMetadata.body };

export function findMetadata(db: HandedDb, role: string, version: number): Promise<StoredMetadata | null> {
  return firstRowOrNull(
    db
      .select(columns)
      .from(tufMetadata)
      .where(and(eq(tufMetadata.role, role), eq(tufMetadata.version, version))),
  );
}

export function latestMetadata(db: HandedDb, role: string): Promise<StoredMetadata | null> {
  return firstRowOrNull(
    db
      .select(columns)
      .from(tufMetadata)
      .where(eq(tufMetadata.role, role))
      .orderBy(desc(tufMetadata.version))
      .limit(1),
  );
}

/** The newest version of each role, for the given roles or (with `except`) all others. */
export async function latestVersions(
  db: HandedDb,
  roles: { only: string[] } | { except: string[] },
): Promise<Map<string, number>> {
  const filter =
    'only' in roles ? inArray(tufMetadata.role, roles.only) : notInArray(tufMetadata.role, roles.except);
  const rows = await db
    .select({ role: tufMetadata.role, version: sql<number>`max(${tufMetadata.version})`.mapWith(Number) })
    .from(tufMetadata)
    .where(filter)
    .groupBy(tufMetadata.role);
  return new Map(rows.map((row) => [row.role, row.version]));
}

/** Whether it was stored: false when that role's version exists already (another process won). */
export async function insertMetadata(
  db: HandedDb,
  row: StoredMetadata & { expiresAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(tufMetadata)
    .values(row)
    .onConflictDoNothing()
    .returning({ version: tufMetadata.version });
  return inserted.length > 0;
}
