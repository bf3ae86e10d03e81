import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDbClient, type DbClient } from '@ember/db/client';
import pg from 'pg';

/**
 * A database a child process (an npm script) can open: a throwaway database on the PostgreSQL
 * server of DATABASE_URL, else a PGlite data directory (single-process: close it before the
 * script runs). `env` is what the script needs to find it.
 */
export async function createScriptDatabase(): Promise<{
  env: Record<string, string | undefined>;
  open: () => DbClient;
  remove: () => Promise<unknown>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `ember_scriptdb_${process.pid}_${Date.now()}`;
    await withAdmin(serverUrl, (admin) => admin.query(`create database "${name}"`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      env: { DATABASE_URL: databaseUrl },
      open: (): DbClient => createDbClient({ databaseUrl, maxConnections: 2 }),
      remove: () =>
        withAdmin(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ember-script-db-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined },
    open: (): DbClient => createDbClient({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function withAdmin(serverUrl: string, run: (admin: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}
