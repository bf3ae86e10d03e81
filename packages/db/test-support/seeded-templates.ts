import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDbClient } from '../src/client.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { dumpPglite, openMigratedPglite } from './pglite-snapshot.ts';

/**
 * One migrated and seeded database per test run, that every test file copies instead of migrating
 * and seeding its own (decision 0048): on a busy 2-core machine that took 10-13 s a file on
 * PostgreSQL and 34-68 s on PGlite. PostgreSQL copies a template database (`CREATE DATABASE …
 * TEMPLATE`), PGlite loads a dump of its data directory. Made by the test run's global setup,
 * named to the workers through the environment, removed when the run ends. The demo data's
 * relative dates count from the run's start, minutes before any file's, as on a server seeded at
 * its first start.
 */
const SEEDED_TEMPLATE_ENV = 'EMBER_TEST_SEEDED_TEMPLATE';
const SEEDED_PGLITE_ENV = 'EMBER_TEST_SEEDED_PGLITE';
const SEEDED_AT_ENV = 'EMBER_TEST_SEEDED_AT';
/** How far the clock may be from the copy's seeding for the copy to stand for "the demo data as of now". */
const SAME_RUN_MS = 3_600_000;

/**
 * The run's seeded copy, when one was made and the file's clock is that run's: a file that fakes
 * the clock (another day) seeds its own.
 */
export function seededCopyForNow(): { template?: string; pgliteDump?: string } {
  const seededAt = Number(process.env[SEEDED_AT_ENV]);
  if (!Number.isFinite(seededAt) || Math.abs(Date.now() - seededAt) > SAME_RUN_MS) return {};
  return { template: process.env[SEEDED_TEMPLATE_ENV], pgliteDump: process.env[SEEDED_PGLITE_ENV] };
}

export async function withAdminConnection<T>(serverUrl: string, run: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates the run's seeded template on `serverUrl`; returns its removal. */
export async function createSeededTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const name = `ember_template_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdminConnection(serverUrl, (admin) => admin.query(`create database "${name}"`));
  const client = createDbClient({ databaseUrl: databaseUrlOf(serverUrl, name), maxConnections: 1 });
  try {
    await client.migrate();
    await seedDemoData(client.db);
  } finally {
    await client.close();
  }
  process.env[SEEDED_TEMPLATE_ENV] = name;
  process.env[SEEDED_AT_ENV] = String(Date.now());
  return () =>
    withAdminConnection(serverUrl, (admin) =>
      admin.query(`drop database if exists "${name}" with (force)`),
    ).then(() => undefined);
}

/** Writes the run's seeded PGlite dump; returns its removal. */
export async function createSeededPgliteDump(): Promise<() => Promise<void>> {
  const file = join(tmpdir(), `ember-seeded-${process.pid}-${randomBytes(3).toString('hex')}.tar`);
  const { client, pglite } = await openMigratedPglite();
  try {
    await seedDemoData(client.db);
    writeFileSync(file, await dumpPglite(pglite));
  } finally {
    await client.close();
  }
  process.env[SEEDED_PGLITE_ENV] = file;
  process.env[SEEDED_AT_ENV] = String(Date.now());
  return async () => rmSync(file, { force: true });
}
