import { createDbClient } from '@ember/db/client';
import { seedDemoData } from '@ember/db/seed/seed';
import { e2eDatabaseUrl, e2eSeededTemplateUrl, recreateDatabase } from './e2e-database.ts';

// Run before the browser tests' server starts (playwright.config.ts webServer): migrates and seeds
// the run's template once (as the server would on an empty database), then makes the shared
// server's database a copy of it; the specs with a server of their own copy it too (own-server.ts,
// decision 0076).

const template = e2eSeededTemplateUrl();
await recreateDatabase(template);
const client = createDbClient({ databaseUrl: template, maxConnections: 1 });
try {
  await client.migrate();
  await seedDemoData(client.db);
} finally {
  await client.close();
}
await recreateDatabase(e2eDatabaseUrl(), template);
