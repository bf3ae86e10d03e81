import pg from 'pg';

export interface ListenConnectionOptions {
  /** The database every process shares; this connection is its own client, not one of the pool's. */
  connectionString: string;
  channel: string;
  /** Names the connection in pg_stat_activity (operators, and the tests that cut it); at most 63 bytes. */
  applicationName: string;
  onNotification(payload: string): void;
  /** Notifications can no longer be heard (also before the first LISTEN); `reason` is logged. */
  onLost(reason: string): void;
  /** LISTENing again (or for the first time): whatever was sent meanwhile was not heard. */
  onListening(): void;
  /** What the log lines call what is heard ("cache invalidations"). */
  subject: string;
  /** First wait before connecting again after a loss; doubled up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often the connection is checked with a round trip (a silently dead link is found within heartbeatMs + heartbeatTimeoutMs). */
  heartbeatMs?: number;
  /** How long a round trip (the check, or a sync) may take before the connection counts as lost. */
  heartbeatTimeoutMs?: number;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

export interface ListenConnection {
  /**
   * Resolves true once every notification committed before this call has been handed to
   * onNotification: one round trip on the LISTEN connection sent after the call (a listening backend
   * sends the notifications it was signalled before its answer to any query). Calls made while a
   * round trip is under way share the next one. False while not listening, or when the round trip
   * fails or times out (the connection is then lost).
   */
  sync(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel (decisions 0033, 0044). While it is
 * lost (an error, its end, a round trip unanswered) `onLost` is told, and it connects again with
 * backoff; once it LISTENs again `onListening` is told. It starts lost ("connecting") and resolves
 * after the first attempt.
 */
export async function startListenConnection(options: ListenConnectionOptions): Promise<ListenConnection> {
  const retryMs = options.retryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5000;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 3000;
  const { subject } = options;
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let nextRetryMs = retryMs;
  /** Whether a warning was logged since the last LISTEN (the first connection is not a loss). */
  let lost = false;
  /** The round trip under way, and the next one, not sent yet (shared by the calls made meanwhile). */
  let current: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === options.channel && message.payload) options.onNotification(message.payload);
  };

  const release = (connection: pg.Client) => {
    connection.removeAllListeners();
    connection.on('error', () => {});
    return connection.end().catch(() => {});
  };

  /** The connection is gone or not trusted: tell, drop it, connect again later. */
  const lose = (connection: pg.Client, reason: string) => {
    if (client !== connection) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    void release(connection);
    if (stopped) return;
    options.onLost(reason);
    lost = true;
    options.log?.warn(
      { reason, retryInMs: nextRetryMs },
      `${subject} unheard: answered from the database until LISTEN is back`,
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
      application_name: options.applicationName,
    });
    next.on('error', (error) => lose(next, `LISTEN connection error: ${error.message}`));
    next.on('end', () => lose(next, 'LISTEN connection ended'));
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      void release(next);
      if (stopped) return;
      options.onLost(`cannot LISTEN: ${(error as Error).message}`);
      lost = true;
      options.log?.warn({ err: error, retryInMs: nextRetryMs }, `${subject} unheard: cannot LISTEN`);
      scheduleConnect();
      return;
    }
    if (stopped) {
      await release(next);
      return;
    }
    client = next;
    nextRetryMs = retryMs;
    heartbeat = setInterval(() => void sync(), heartbeatMs);
    heartbeat.unref();
    if (lost) options.log?.info({}, `${subject} heard again: kept in memory again`);
    lost = false;
    options.onListening();
  }

  async function roundTrip(): Promise<boolean> {
    const connection = client;
    if (!connection) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('round trip unanswered')), heartbeatTimeoutMs);
    });
    try {
      await Promise.race([connection.query('select 1'), timeout]);
      return client === connection;
    } catch (error) {
      lose(connection, `LISTEN connection check failed: ${(error as Error).message}`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  function start(): Promise<boolean> {
    const trip = roundTrip().finally(() => {
      if (current === trip) current = null;
    });
    current = trip;
    return trip;
  }

  /**
   * The next round trip not yet sent: it leaves after the one under way (which may have left before
   * these calls), or at the end of this turn of the event loop, so every call made meanwhile shares
   * it (under load one `select 1` answers many calls).
   */
  function sync(): Promise<boolean> {
    if (!client) return Promise.resolve(false);
    if (!queued) {
      const previous = current;
      queued = (async () => {
        if (previous) await previous;
        else await new Promise((resolve) => setImmediate(resolve));
        queued = null;
        return start();
      })();
    }
    return queued;
  }

  // Until the first LISTEN is up nothing is heard.
  options.onLost('connecting');
  await connect();

  return {
    sync,
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (heartbeat) clearInterval(heartbeat);
      const connection = client;
      client = null;
      if (connection) await release(connection);
    },
  };
}
