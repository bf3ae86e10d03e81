import { e2eDatabaseUrl, recreateDatabase } from './e2e-database.ts';

// Run before the browser tests' server starts (playwright.config.ts webServer): drops the run's
// database if an earlier run left it, and creates it empty; the server migrates and seeds it.

await recreateDatabase(e2eDatabaseUrl());
