import pg from 'pg';
import {
  type CacheName,
  type InvalidationBus,
  type InvalidationReceiver,
  isCacheName,
} from './cache-registry.ts';

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

export interface PostgresInvalidationBusOptions {
  /** The database every process shares; the LISTEN connection is its own client, not one of the pool's. */
  connectionString: string;
  /** Sends a notification (through the pool: a lost LISTEN connection does not stop this process's writes from being heard). */
  notify: (channel: string, payload: string) => Promise<void>;
  /**
   * False for a process that answers no reads (SERVICES=worker): it only tells the others, so it
   * opens no LISTEN connection and its caches (unused) stay on. Default true.
   */
  listen?: boolean;
  /** First wait before connecting again after a loss; doubled up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often the LISTEN connection is checked with a query (a silently dead link is found within heartbeatMs + heartbeatTimeoutMs). */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/**
 * PostgreSQL LISTEN/NOTIFY (decision 0033). A dedicated connection LISTENs on
 * `ember_cache_invalidation`; an invalidation is `pg_notify` of `{ name, origin }`, sent after the
 * write committed. While that connection is lost (an error, its end, a heartbeat unanswered) the
 * receiver is suspended: its caches are dropped and nothing is kept, so the process never answers
 * from a cache it can no longer hear invalidations for. It connects again with backoff; once it
 * LISTENs again everything is dropped once more and caching resumes.
 */
export function createPostgresInvalidationBus(options: PostgresInvalidationBusOptions): InvalidationBus {
  const retryMs = options.retryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5000;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 3000;

  return {
    async start(receiver) {
      if (options.listen === false) return async () => {};
      let stopped = false;
      let client: pg.Client | null = null;
      let retryTimer: NodeJS.Timeout | null = null;
      let heartbeat: NodeJS.Timeout | null = null;
      let nextRetryMs = retryMs;
      /** Whether a warning was logged since the last LISTEN (the first connection is not a loss). */
      let lost = false;

      const onNotification = (message: pg.Notification) => {
        if (message.channel !== INVALIDATION_CHANNEL || !message.payload) return;
        let parsed: { name?: unknown; origin?: unknown };
        try {
          parsed = JSON.parse(message.payload);
        } catch {
          return;
        }
        if (parsed.origin === receiver.origin || !isCacheName(parsed.name)) return;
        receiver.dropLocally(parsed.name);
      };

      /** The connection is gone or not trusted: stop caching, drop it, connect again later. */
      const lose = (current: pg.Client, reason: string) => {
        if (client !== current) return;
        client = null;
        if (heartbeat) clearInterval(heartbeat);
        heartbeat = null;
        current.removeAllListeners('notification');
        current.on('error', () => {});
        current.end().catch(() => {});
        if (stopped) return;
        receiver.suspend(reason);
        lost = true;
        options.log?.warn(
          { reason, retryInMs: nextRetryMs },
          'cache invalidations unheard: caching off until LISTEN is back',
        );
        scheduleConnect();
      };

      const scheduleConnect = () => {
        if (stopped || retryTimer) return;
        const wait = nextRetryMs;
        nextRetryMs = Math.min(maxRetryMs, nextRetryMs * 2);
        retryTimer = setTimeout(() => {
          retryTimer = null;
          void connect();
        }, wait);
        retryTimer.unref();
      };

      async function connect(): Promise<void> {
        const next = new pg.Client({
          connectionString: options.connectionString,
          keepAlive: true,
          // Names the connection in pg_stat_activity (operators, and the tests that cut it).
          application_name: listenerNameOf(receiver.origin),
        });
        next.on('error', (error) => lose(next, `LISTEN connection error: ${error.message}`));
        next.on('end', () => lose(next, 'LISTEN connection ended'));
        next.on('notification', onNotification);
        try {
          await next.connect();
          await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
        } catch (error) {
          next.removeAllListeners();
          next.on('error', () => {});
          next.end().catch(() => {});
          if (stopped) return;
          receiver.suspend(`cannot LISTEN: ${(error as Error).message}`);
          lost = true;
          options.log?.warn(
            { err: error, retryInMs: nextRetryMs },
            'cache invalidations unheard: cannot LISTEN',
          );
          scheduleConnect();
          return;
        }
        if (stopped) {
          next.removeAllListeners();
          next.on('error', () => {});
          await next.end().catch(() => {});
          return;
        }
        client = next;
        nextRetryMs = retryMs;
        heartbeat = setInterval(() => void check(next), heartbeatMs);
        heartbeat.unref();
        if (lost) options.log?.info({}, 'cache invalidations heard again: caching resumed');
        lost = false;
        receiver.resume();
      }

      async function check(current: pg.Client) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('heartbeat unanswered')), heartbeatTimeoutMs);
        });
        try {
          await Promise.race([current.query('select 1'), timeout]);
        } catch (error) {
          lose(current, `LISTEN connection check failed: ${(error as Error).message}`);
        } finally {
          clearTimeout(timer);
        }
      }

      // Until the first LISTEN is up nothing is kept.
      receiver.suspend('connecting');
      await connect();

      return async () => {
        stopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        if (heartbeat) clearInterval(heartbeat);
        const current = client;
        client = null;
        if (current) {
          current.removeAllListeners();
          current.on('error', () => {});
          await current.end().catch(() => {});
        }
      };
    },

    async publish({ name, origin }: { name: CacheName; origin: string }) {
      await options.notify(INVALIDATION_CHANNEL, JSON.stringify({ name, origin }));
    },
  };
}
