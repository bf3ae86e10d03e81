import type { ClientReleaseKind } from '@ember/contracts/enums';
import { clientReleases } from '@ember/db/schema/delivery';
import { and, desc, eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// client_releases (this module's table): published loader and server-classpath builds; the newest
// row of a kind is the current release.

const releaseColumns = {
  id: clientReleases.id,
  kind: clientReleases.kind,
  version: clientReleases.version,
  sha256: clientReleases.sha256,
  sizeBytes: clientReleases.sizeBytes,
  createdAt: clientReleases.createdAt,
};

export type ClientReleaseRow = {
  id: number;
  kind: ClientReleaseKind;
  version: string;
  sha256: string;
  sizeBytes: number;
  createdAt: Date;
};

export function findCurrentRelease(db: HandedDb, kind: ClientReleaseKind): Promise<ClientReleaseRow | null> {
  return firstRowOrNull(
    db
      .select(releaseColumns)
      .from(clientReleases)
      .where(eq(clientReleases.kind, kind))
      .orderBy(desc(clientReleases.id))
      .limit(1),
  );
}

export function findRelease(
  db: HandedDb,
  kind: ClientReleaseKind,
  version: string,
): Promise<ClientReleaseRow | null> {
  return firstRowOrNull(
    db
      .select(releaseColumns)
      .from(clientReleases)
      .where(and(eq(clientReleases.kind, kind), eq(clientReleases.version, version))),
  );
}

export async function deleteRelease(db: HandedDb, id: number): Promise<void> {
  await db.delete(clientReleases).where(eq(clientReleases.id, id));
}

export async function insertRelease(
  db: HandedDb,
  release: {
    kind: ClientReleaseKind;
    version: string;
    sha256: string;
    sizeBytes: number;
    publishedById: number;
  },
): Promise<ClientReleaseRow> {
  const [row] = await db.insert(clientReleases).values(release).returning(releaseColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}
