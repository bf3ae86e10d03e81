import pg from 'pg';

/**
 * The browser tests' server keeps its data in a PostgreSQL database of its own, made afresh for
 * every run (decision 0048): the tests' fixtures write the accounts they need into it with the seed
 * factories, as the server's integration tests do, which an embedded database inside the server
 * process would not allow. One database per port, so two runs side by side (E2E_PORT) never meet.
 */
const SERVER_URL = process.env.E2E_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

export function e2eDatabaseUrl(port: number | string = process.env.E2E_PORT ?? 3123): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/ember_e2e_${port}`;
  return url.toString();
}

/** Drops the database of `url` if an earlier run left it, and creates it empty. */
export async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}
