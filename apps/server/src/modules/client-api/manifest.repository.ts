import { prebuiltSelect } from '@ember/db/prepared';
import { manifestVersionsSequence } from '@ember/db/schema/client-access';
import { asc, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { entitledPluginsSelect } from '../subscriptions/index.ts';
import type { HandedDb } from './db.ts';

// Sequence: manifest_versions_seq (owned). Reads what the subscriptions module says a user may run.

const entitled = entitledPluginsSelect().as('entitled');

// Named and rendered once: a manifest fetch runs nothing else (issue 36).
const manifestRead = prebuiltSelect(
  'manifest_read',
  new QueryBuilder()
    .select({
      manifestVersion: sql<string>`drawn.version`.mapWith(Number),
      pluginId: entitled.pluginId,
      name: entitled.name,
      version: entitled.version,
      sha256: entitled.sha256,
      size: entitled.size,
      target: entitled.target,
      dependencies: entitled.dependencies,
    })
    .from(sql`(select nextval(${sql.raw(`'${manifestVersionsSequence.seqName}'`)}) as version) as drawn`)
    // Only plugins with an artifact to run (the manifest lists nothing else).
    .leftJoinLateral(entitled, sql`${entitled.sha256} is not null and ${entitled.size} is not null`)
    .orderBy(asc(entitled.pluginId)),
);

/**
 * A new manifest of the user, in one round trip: its version, higher than any issued before to
 * any user (one sequence: no row written, no lock, no commit waiting for the disk, decision 0044),
 * and the plugins the user may run at `now` (subscriptions' entitlements) that have an artifact,
 * by id.
 */
export async function readNewManifest(db: HandedDb, userId: number, now: Date) {
  const rows = await manifestRead(db, { userId, now: now.toISOString() });
  const version = rows[0]?.manifestVersion;
  if (version === undefined) throw new Error('manifest version not returned');
  const plugins = rows.flatMap(
    ({ pluginId: id, name, version: pluginVersion, sha256, size, target, dependencies }) =>
      id === null || name === null || pluginVersion === null || sha256 === null || size === null
        ? []
        : [{ id, name, version: pluginVersion, size, sha256, target, dependencies: dependencies ?? [] }],
  );
  return { version, plugins };
}
