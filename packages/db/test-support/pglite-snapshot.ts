import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type DbClient, PGLITE_EXTENSIONS, wrapPglite } from '../src/client.ts';
import { MIGRATIONS_FOLDER } from '../src/migrate.ts';

const CACHE_DIR = join(tmpdir(), 'ember-db-test-cache');
const PACKAGE_JSON = fileURLToPath(new URL('../package.json', import.meta.url));

/**
 * An in-memory PGlite that already has every migration applied. Creating PGlite from scratch
 * (initdb) and migrating costs several seconds per test file; restoring a cached data-directory
 * dump is a fraction of that. The cache key covers the migrations, so changing one rebuilds it.
 */
export async function openMigratedPglite(): Promise<{ client: DbClient; pglite: PGlite }> {
  const snapshotPath = join(CACHE_DIR, `pglite-${migrationsFingerprint()}.tar`);
  if (existsSync(snapshotPath)) return openPgliteDump(snapshotPath);
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const client = wrapPglite(pglite);
  await client.migrate();
  await saveSnapshot(pglite, snapshotPath);
  return { client, pglite };
}

/** An in-memory PGlite restored from a data-directory dump. */
export async function openPgliteDump(file: string): Promise<{ client: DbClient; pglite: PGlite }> {
  const dump = new Blob([readFileSync(file)]);
  const pglite = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
  return { client: wrapPglite(pglite), pglite };
}

/**
 * The data directory of `pglite` as a plain tar: every PGlite test database starts from one, and
 * gunzipping it was half of opening it (44 MB: 0.37 s and 0.54 CPU s to open against 0.78 s and
 * 1.0 CPU s gzipped; decision 0080).
 */
export async function dumpPglite(pglite: PGlite): Promise<Buffer> {
  const dump = await pglite.dumpDataDir('none');
  return Buffer.from(await dump.arrayBuffer());
}

async function saveSnapshot(pglite: PGlite, snapshotPath: string): Promise<void> {
  mkdirSync(CACHE_DIR, { recursive: true });
  // Write then rename: test files starting in parallel never read a half-written snapshot.
  const partialPath = `${snapshotPath}.${process.pid}.partial`;
  writeFileSync(partialPath, await dumpPglite(pglite));
  renameSync(partialPath, snapshotPath);
}

/** Migrations plus the PGlite version pinned in package.json (the dump format follows PGlite). */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(PACKAGE_JSON));
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('_journal.json')) continue;
    hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}
