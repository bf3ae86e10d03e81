import {
  type CacheName,
  type InvalidationBus,
  type InvalidationReceiver,
  isCacheName,
} from './cache-registry.ts';
import { type ListenConnectionOptions, startListenConnection } from './listen-connection.ts';

/** The PostgreSQL channel every process listens on (decision 0033). */
export const INVALIDATION_CHANNEL = 'ember_cache_invalidation';

/** The application_name of a process's LISTEN connection in pg_stat_activity. */
export const listenerNameOf = (origin: string) => `ember-cache ${origin}`.slice(0, 63);

/**
 * One process, or several registries in one process (tests): an invalidation reaches every other
 * receiver started on this bus at once. The embedded database (PGlite) serves a single process, so
 * this is its bus.
 */
export function createInProcessInvalidationBus(): InvalidationBus {
  const receivers = new Set<InvalidationReceiver>();
  return {
    async start(receiver) {
      receivers.add(receiver);
      return async () => {
        receivers.delete(receiver);
      };
    },
    async publish({ name, origin }) {
      for (const receiver of receivers) if (receiver.origin !== origin) receiver.dropLocally(name);
    },
  };
}

export type PostgresInvalidationBusOptions = {
  /** The database every process shares; the LISTEN connection is its own client, not one of the pool's. */
  connectionString: string;
  /** Sends a notification (through the pool: a lost LISTEN connection does not stop this process's writes from being heard). */
  notify: (channel: string, payload: string) => Promise<void>;
  /**
   * False for a process that answers no reads (SERVICES=worker): it only tells the others, so it
   * opens no LISTEN connection and its caches (unused) stay on. Default true.
   */
  listen?: boolean;
} & Pick<ListenConnectionOptions, 'retryMs' | 'maxRetryMs' | 'heartbeatMs' | 'heartbeatTimeoutMs' | 'log'>;

/**
 * PostgreSQL LISTEN/NOTIFY (decision 0033). A dedicated connection LISTENs on
 * `ember_cache_invalidation` (listen-connection.ts); an invalidation is `pg_notify` of
 * `{ name, origin }`, sent after the write committed. While that connection is lost (an error, its
 * end, a heartbeat unanswered) the receiver is suspended: its caches are dropped and nothing is
 * kept, so the process never answers from a cache it can no longer hear invalidations for. It
 * connects again with backoff; once it LISTENs again everything is dropped once more and caching
 * resumes.
 */
export function createPostgresInvalidationBus(options: PostgresInvalidationBusOptions): InvalidationBus {
  return {
    async start(receiver) {
      if (options.listen === false) return async () => {};
      const connection = await startListenConnection({
        connectionString: options.connectionString,
        channel: INVALIDATION_CHANNEL,
        applicationName: listenerNameOf(receiver.origin),
        subject: 'cache invalidations',
        onNotification(payload) {
          let parsed: { name?: unknown; origin?: unknown };
          try {
            parsed = JSON.parse(payload);
          } catch {
            return;
          }
          if (parsed.origin === receiver.origin || !isCacheName(parsed.name)) return;
          receiver.dropLocally(parsed.name);
        },
        onLost: (reason) => receiver.suspend(reason),
        onListening: () => receiver.resume(),
        retryMs: options.retryMs,
        maxRetryMs: options.maxRetryMs,
        heartbeatMs: options.heartbeatMs,
        heartbeatTimeoutMs: options.heartbeatTimeoutMs,
        log: options.log,
      });
      return () => connection.stop();
    },

    async publish({ name, origin }: { name: CacheName; origin: string }) {
      await options.notify(INVALIDATION_CHANNEL, JSON.stringify({ name, origin }));
    },
  };
}
