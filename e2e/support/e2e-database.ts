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

/** The server the database lives on, with its maintenance database (to drop and create ours). */
export const e2eDatabaseServerUrl = () => SERVER_URL;
