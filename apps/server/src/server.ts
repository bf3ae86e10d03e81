import { createDbClient } from '@ember/db/client';
import { isDatabaseEmpty, seedDemoData } from '@ember/db/seed/seed';
import { buildApp } from './app.ts';
import { InvalidEnvironmentError, parseEnv } from './config/env.ts';

/** Process entry point: config, database (migrated, demo data on first start), HTTP server, clean shutdown. */
async function main() {
  const env = parseEnv(process.env);
  const database = await createDbClient({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  if (env.NODE_ENV !== 'production' && env.SEED_ON_EMPTY && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db);
  }

  const app = await buildApp({ env, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  await app.jobs.start();
  app.log.info(`${env.BRAND_NAME} is ready at ${env.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
