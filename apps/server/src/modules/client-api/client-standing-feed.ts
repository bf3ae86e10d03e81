import { randomUUID } from 'node:crypto';
import { listenInProcess } from '@ember/db/in-process-notifications';
import { type ListenConnectionOptions, startListenConnection } from '../../lib/cache/listen-connection.ts';
import type { Db } from './db.ts';

/** The channel migration 0022's triggers notify with the users whose client standing changed. */
export const CLIENT_STANDING_CHANNEL = 'ember_client_standing';

/** The application_name of a process's LISTEN connection for it, in pg_stat_activity. */
export const standingListenerName = (origin: string) => `ember-client ${origin}`.slice(0, 63);

/** What the feed tells the standing cache. */
export interface StandingReceiver {
  /** Comma-separated user ids, or '*' (too many at once): their standing changed. */
  changed(payload: string): void;
  /** Changes can no longer be heard (also before the first LISTEN): keep nothing. */
  lost(): void;
  /** Heard again: what changed meanwhile was missed. */
  listening(): void;
}

export interface StandingFeed {
  /** True once every change committed before the call has been handed to `changed` (false: none can be). */
  sync(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface StandingFeedOptions {
  db: Db;
  /** DATABASE_URL: PostgreSQL, heard through a LISTEN connection of this process's own. */
  databaseUrl: string | undefined;
  /** False for a process that answers no client calls (SERVICES=worker). */
  listen: boolean;
  log?: ListenConnectionOptions['log'];
}

const unheard: StandingFeed = { sync: async () => false, stop: async () => {} };

/**
 * How a process hears the database's own notifications of changed client standings (decision
 * 0044). On PostgreSQL: a dedicated LISTEN connection, and `sync` is a round trip on it. On a PGlite
 * handle of this process (tests): PGlite's own listener, which hears a change as it commits, so
 * `sync` has nothing to wait for. The embedded database served over the wire is one session a
 * LISTEN would hold, and a worker answers no client: those hear nothing, and every check reads.
 */
export async function startStandingFeed(
  options: StandingFeedOptions,
  receiver: StandingReceiver,
): Promise<StandingFeed> {
  receiver.lost();
  if (!options.listen) return unheard;
  const stopInProcess = await listenInProcess(options.db, CLIENT_STANDING_CHANNEL, receiver.changed);
  if (stopInProcess) {
    receiver.listening();
    return { sync: async () => true, stop: stopInProcess };
  }
  if (!options.databaseUrl) return unheard;
  const connection = await startListenConnection({
    connectionString: options.databaseUrl,
    channel: CLIENT_STANDING_CHANNEL,
    applicationName: standingListenerName(`${process.pid}-${randomUUID()}`),
    subject: 'client standing changes',
    onNotification: receiver.changed,
    onLost: receiver.lost,
    onListening: receiver.listening,
    log: options.log,
  });
  return connection;
}
