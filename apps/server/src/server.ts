import { createDbClient } from '@ember/db/client';
import { startEmbeddedDatabase } from '@ember/db/embedded/embedded-postgres';
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
  // The embedded default runs in a worker thread behind the wire protocol (decision 0022): one
  // driver everywhere, and no query ever runs on the event loop that answers HTTP.
  const embedded = env.DATABASE_URL ? null : await startEmbeddedDatabase(env.DATA_DIR);
  const database = embedded
    ? createDbClient({ databaseUrl: embedded.url, maxConnections: 1 })
    : createDbClient({ databaseUrl: env.DATABASE_URL });
  await database.migrate();
  if (env.NODE_ENV !== 'production' && env.SEED_ON_EMPTY && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db);
  }

  const app = await buildApp({ env, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await embedded?.close();
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
