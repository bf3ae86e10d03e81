import type { Db } from '@ember/db/types';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type CacheRegistry, createCacheRegistry } from '../lib/cache/cache-registry.ts';
import {
  createInProcessInvalidationBus,
  createPostgresInvalidationBus,
} from '../lib/cache/invalidation-bus.ts';

/**
 * The cache registry and its bus (ADR 0033): on PostgreSQL a LISTEN connection of its own hears the
 * other processes' invalidations (the worker's too); on the embedded database, one process, an
 * in-process bus. Notifications go out through the pool, after the write committed.
 */
export async function connectCaches(
  databaseUrl: string | undefined,
  /** A process that answers no reads (SERVICES=worker) only tells the others: it does not listen. */
  answersReads: boolean,
  db: Db,
  log: FastifyInstance['log'],
): Promise<CacheRegistry> {
  const caches = createCacheRegistry({
    onPublishError: (error, name) =>
      log.error({ err: error, cache: name }, 'cache invalidation not sent to the other processes'),
  });
  await caches.connect(
    databaseUrl
      ? createPostgresInvalidationBus({
          connectionString: databaseUrl,
          listen: answersReads,
          notify: async (channel, payload) => {
            await db.execute(sql`select pg_notify(${channel}, ${payload})`);
          },
          log,
        })
      : createInProcessInvalidationBus(),
  );
  return caches;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every in-memory cache of database state, by name (ADR 0033): `app.caches.invalidate('catalog')`. */
    caches: CacheRegistry;
  }
}
