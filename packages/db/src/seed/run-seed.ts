// CLI behind `npm run db:seed`: migrates and seeds the database the server would use.
// As an entry point it is the one place in src outside testing/ that reads the environment.
import { createDbClient } from '../client.ts';
import { seedDemoData } from './seed.ts';

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('Refusing to seed demo data with NODE_ENV=production');
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  const client = createDbClient({ databaseUrl, dataDir });
  try {
    await client.migrate();
    const { seeded } = await seedDemoData(client.db);
    const target = client.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
    console.log(
      seeded ? `Seeded demo data into ${target}.` : `Demo data already present in ${target}; nothing to do.`,
    );
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
