import { approvedJars, approvedRepos } from '@ember/db/schema/delivery';
import { count, desc, eq } from 'drizzle-orm';
import { countedTotal, firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// approved_repos and approved_jars (this module's tables): what developers may depend on.

const repoColumns = {
  id: approvedRepos.id,
  owner: approvedRepos.owner,
  name: approvedRepos.name,
  url: approvedRepos.url,
  createdAt: approvedRepos.createdAt,
};

const jarColumns = {
  id: approvedJars.id,
  sha256: approvedJars.sha256,
  fileName: approvedJars.fileName,
  sizeBytes: approvedJars.sizeBytes,
  createdAt: approvedJars.createdAt,
};

export function findApprovedRepos(db: HandedDb, page: { limit: number; offset: number }) {
  return db
    .select(repoColumns)
    .from(approvedRepos)
    .orderBy(desc(approvedRepos.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function countApprovedRepos(db: HandedDb): Promise<number> {
  return countedTotal(db.select({ total: count() }).from(approvedRepos));
}

export async function insertApprovedRepo(
  db: HandedDb,
  repo: { owner: string; name: string; url: string; approvedById: number },
) {
  const [row] = await db.insert(approvedRepos).values(repo).returning(repoColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function findApprovedJars(db: HandedDb, page: { limit: number; offset: number }) {
  return db
    .select(jarColumns)
    .from(approvedJars)
    .orderBy(desc(approvedJars.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function countApprovedJars(db: HandedDb): Promise<number> {
  return countedTotal(db.select({ total: count() }).from(approvedJars));
}

export function findApprovedJarBySha(db: HandedDb, sha256: string) {
  return firstRowOrNull(db.select(jarColumns).from(approvedJars).where(eq(approvedJars.sha256, sha256)));
}

export async function insertApprovedJar(
  db: HandedDb,
  jar: { sha256: string; fileName: string; sizeBytes: number; approvedById: number },
) {
  const [row] = await db.insert(approvedJars).values(jar).returning(jarColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}
