import { createDbClient, type DbClient } from '@ember/db/client';
import { startEmbeddedDatabase } from '@ember/db/embedded/embedded-postgres';
import { isDatabaseEmpty, seedDemoData } from '@ember/db/seed/seed';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { type Env, InvalidEnvironmentError, parseEnv } from './config/env.ts';
import { withJwtSecret } from './config/jwt-secret.ts';
import { chooseLogFormat } from './config/logging.ts';
import { announceReady, type OpenedDatabase, readyLine } from './config/ready-line.ts';
import { createGracefulShutdown, createReadiness, shutDownOnSignals } from './lib/graceful-shutdown.ts';

/**
 * Process entry point: config, database (migrated, demo data on first start), then the roles in
 * SERVICES (ADR 0010): `api` listens for HTTP, `worker` runs the background jobs; one process runs
 * both by default. A worker-only process opens no port; an api-only process still sends jobs.
 */
async function main() {
  const env = await withJwtSecret(parseEnv(process.env));
  const { database, opened, closeEmbedded } = await openDatabase(env);
  await database.migrate();
  if (env.NODE_ENV !== 'production' && env.SEED_ON_EMPTY && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db);
  }

  const logFormat = chooseLogFormat(env, process.stdout.isTTY === true);
  const readiness = createReadiness();
  const app = await buildApp({ env, database, logFormat, readiness });
  const runsApi = env.SERVICES.includes('api');
  const runsWorker = env.SERVICES.includes('worker');

  // SIGTERM: /readyz 503 for SHUTDOWN_DRAIN_MS, listener closed, requests in flight finished (within
  // SHUTDOWN_TIMEOUT_MS), jobs stopped and pools closed by app.close's hooks, then exit 0; a second
  // signal exits 1 at once (docs/architecture.md, "Shutdown").
  shutDownOnSignals(
    createGracefulShutdown({
      readiness,
      drainMs: runsApi ? env.SHUTDOWN_DRAIN_MS : 0,
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      connections: runsApi ? app.server : undefined,
      close: async () => {
        await app.close();
        await database.close();
        await closeEmbedded();
      },
      log: app.log,
      exit: (code) => process.exit(code),
    }),
  );
  const listeningAt = runsApi ? await app.listen({ host: env.HOST, port: env.PORT }) : undefined;
  await app.jobs.start({ work: runsWorker });
  announceReady(
    app.log,
    logFormat,
    readyLine({
      brandName: env.BRAND_NAME,
      services: env.SERVICES,
      publicUrl: env.PUBLIC_URL,
      listeningAt,
      database: opened,
    }),
  );
}

/**
 * Opens PostgreSQL at DATABASE_URL, or else the embedded PGlite in DATA_DIR, which runs in a worker
 * thread behind the wire protocol (decision 0022): one driver everywhere, and no query ever runs on
 * the event loop that answers HTTP. Also says which database it opened, for the ready line: the
 * embedded one is reached through node-postgres too, so the driver's kind cannot tell them apart.
 */
async function openDatabase(env: Env): Promise<{
  database: DbClient;
  opened: OpenedDatabase;
  closeEmbedded: () => Promise<void>;
}> {
  if (env.DATABASE_URL) {
    const database = createDbClient({ databaseUrl: env.DATABASE_URL });
    const result = await database.db.execute(sql`select current_database() as name`);
    const name = String((result as unknown as { rows: { name: string }[] }).rows[0]?.name);
    return {
      database,
      opened: { kind: 'postgres', url: env.DATABASE_URL, name },
      closeEmbedded: async () => {},
    };
  }
  const embedded = await startEmbeddedDatabase(env.DATA_DIR);
  return {
    database: createDbClient({ databaseUrl: embedded.url, maxConnections: 1 }),
    opened: { kind: 'embedded', dataDir: env.DATA_DIR },
    closeEmbedded: () => embedded.close(),
  };
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
