import pg from 'pg';

/**
 * The browser tests' server keeps its data in a PostgreSQL database of its own, made afresh for
 * every run (decision 0048): the tests' fixtures write the accounts they need into it with the seed
 * factories, as the server's integration tests do, which an embedded database inside the server
 * process would not allow. One database per port, so two runs side by side (E2E_PORT) never meet.
 */
const SERVER_URL = process.env.E2E_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

const mainPort = () => process.env.E2E_PORT ?? 3123;

function databaseUrlNamed(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function e2eDatabaseUrl(port: number | string = mainPort()): string {
  return databaseUrlNamed(`ember_e2e_${port}`);
}

/**
 * The run's migrated and seeded database (e2e/support/fresh-database.ts), which the shared server's
 * database and every spec's own server's are copies of (decision 0076): migrating and seeding one
 * took 11 s on the loaded machine, a copy under one.
 */
export function e2eSeededTemplateUrl(port: number | string = mainPort()): string {
  return databaseUrlNamed(`ember_e2e_${port}_seeded`);
}

/**
 * Drops the database of `url` if an earlier run left it, and creates it: empty, or a copy of the
 * database of `templateUrl`.
 */
export async function recreateDatabase(url: string, templateUrl?: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const template = templateUrl ? new URL(templateUrl).pathname.slice(1) : undefined;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
}
