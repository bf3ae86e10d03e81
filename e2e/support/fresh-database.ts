import pg from 'pg';
import { e2eDatabaseServerUrl, e2eDatabaseUrl } from './e2e-database.ts';

// Run before the browser tests' server starts (playwright.config.ts webServer): drops the run's
// database if an earlier run left it, and creates it empty; the server migrates and seeds it.

const name = new URL(e2eDatabaseUrl()).pathname.slice(1);
const admin = new pg.Client({ connectionString: e2eDatabaseServerUrl() });
await admin.connect();
try {
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
} finally {
  await admin.end();
}
