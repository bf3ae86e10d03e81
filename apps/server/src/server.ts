import { createDbClient } from '@ember/db/client';
import { isDatabaseEmpty, seedDemoData } from '@ember/db/seed/seed';
import { buildApp } from './app.ts';
import { InvalidEnvironmentError, parseEnv } from './config/env.ts';
import { withJwtSecret } from './config/jwt-secret.ts';

/**
 * Process entry point: config, database (migrated, demo data on first start), then the roles in
 * SERVICES (ADR 0010): `api` listens for HTTP, `worker` runs the background jobs; one process runs
 * both by default. A worker-only process opens no port; an api-only process still sends jobs.
 */
async function main() {
  const env = await withJwtSecret(parseEnv(process.env));
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

  const runsApi = env.SERVICES.includes('api');
  const runsWorker = env.SERVICES.includes('worker');
  if (runsApi) await app.listen({ host: env.HOST, port: env.PORT });
  await app.jobs.start({ work: runsWorker });
  const roles = env.SERVICES.join(',');
  app.log.info(
    runsApi
      ? `${env.BRAND_NAME} is ready at ${env.PUBLIC_URL} (services: ${roles}, database: ${database.kind})`
      : `${env.BRAND_NAME} worker is running (services: ${roles}, database: ${database.kind})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
