import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Db, HandedDb } from './db.ts';
import { InvalidJobPayloadError, type JobDefinition } from './define-job.ts';
import { type FailedJobsPage, listFailedJobs } from './failed-jobs.ts';
import { type SqlExecutor, sqlExecutorFor, transactionExecutor } from './sql-executor.ts';

const SCHEMA = 'pgboss';
const DAY_SECONDS = 86_400;

export interface JobLog {
  /** A finished job: at debug, so the default info level does not print one record per cron run. */
  debug(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  db: Db;
  log: JobLog;
  definitions: readonly JobDefinition[];
  /** How often an idle worker looks for jobs (pg-boss' minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often timed-out jobs (of dead workers too) are failed or retried, and old jobs archived. */
  maintenanceIntervalSeconds?: number;
}

export interface StartOptions {
  /**
   * true (the `worker` role): run the handlers, the cron schedules and the maintenance.
   * false (the `api` role): only send; jobs wait for a worker process.
   */
  work: boolean;
}

export interface SendOptions {
  /** Run no earlier than this (a Date, or seconds from now). */
  startAfter?: Date | number;
  /** Higher runs first. */
  priority?: number;
}

/**
 * Durable background jobs on pg-boss 10, stored in the application's own database (schema
 * `pgboss`): each job runs once however many worker processes share the database, a failed or
 * timed-out attempt is retried with back-off, and failed jobs are kept for a week (then archived
 * for 30 days) and listable. ADR 0010.
 */
const DEADLOCK_DETECTED = '40P01';

/**
 * Processes starting side by side on a new database (a cluster's API processes and its worker)
 * create the same queues at once, and pg-boss's queue creation can deadlock with itself: PostgreSQL
 * fails one of the two, which then finds the queue made (createQueue leaves an existing one alone).
 */
async function retryingDeadlocks(step: () => Promise<unknown>, attempts = 5): Promise<void> {
  await retrying(step, [DEADLOCK_DETECTED], attempts);
}

/**
 * pg-boss's first start on a new database installs its schema; two processes doing so at once can
 * both try to create it, and PostgreSQL refuses the second (a duplicate schema, type or table: seen
 * in the cluster test under load). The loser starts again on a new instance (a failed pg-boss
 * instance does not start twice) and finds the schema installed.
 */
const INSTALL_RACE = [DEADLOCK_DETECTED, '23505', '42P06', '42P07', '42710'];

async function retrying(step: () => Promise<unknown>, codes: string[], attempts: number): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await step();
      return;
    } catch (error) {
      if (!codes.includes((error as { code?: string }).code ?? '') || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

/**
 * What pg-boss 10 may still be doing once its stop() resolves: its graceful stop waits only for the
 * jobs in hand, so a fetch already sent still starts its job afterwards, and the statement that
 * completes or fails a job is not awaited (manager.js `watch`). Run against a database the
 * application has closed, that statement was an unhandled "Cannot use a pool after calling end on
 * the pool". The queue tracks its statements and handler runs, and waits for them when stopping.
 */
function inFlightWork() {
  const running = new Set<Promise<unknown>>();
  return {
    track<T>(promise: Promise<T>): Promise<T> {
      running.add(promise);
      const forget = () => running.delete(promise);
      promise.then(forget, forget);
      return promise;
    },
    /** Resolves once nothing is running, including what a finishing statement starts next. */
    async settled(): Promise<void> {
      while (running.size > 0) {
        await Promise.allSettled([...running]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

export function createJobQueue({
  db,
  log,
  definitions,
  pollingIntervalSeconds = 2,
  maintenanceIntervalSeconds = 30,
}: JobQueueOptions) {
  let boss: PgBoss | null = null;
  let starting: Promise<void> | null = null;
  const inFlight = inFlightWork();
  const executor = sqlExecutorFor(db);
  const trackedExecutor: SqlExecutor = {
    executeSql: (text, values) => inFlight.track(executor.executeSql(text, values)),
  };
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));

  const started = (): PgBoss => {
    if (!boss) throw new Error('The job queue is not started');
    return boss;
  };

  const parsePayload = <S extends z.ZodType>(definition: JobDefinition<S>, payload: unknown): z.output<S> => {
    const result = definition.payload.safeParse(payload);
    if (!result.success) throw new InvalidJobPayloadError(definition.name, result.error.issues);
    return result.data;
  };

  async function runOne(definition: JobDefinition, job: PgBoss.JobWithMetadata<unknown>) {
    const details = { job: definition.name, id: job.id, retryCount: job.retryCount };
    try {
      const result = await definition.handler(parsePayload(definition, job.data), {
        id: job.id,
        retryCount: job.retryCount,
      });
      log.debug({ ...details, result }, 'job finished');
      return result;
    } catch (error) {
      const willRetry = job.retryCount < job.retryLimit;
      log.error({ ...details, err: error, willRetry }, 'job failed');
      throw error;
    }
  }

  async function register(instance: PgBoss, definition: JobDefinition, work: boolean) {
    const queue: PgBoss.Queue = {
      name: definition.name,
      policy: definition.policy ?? 'standard',
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: definition.expireInSeconds,
    };
    await retryingDeadlocks(() => instance.createQueue(definition.name, queue));
    // createQueue leaves an existing queue alone; a changed definition takes effect here.
    await retryingDeadlocks(() => instance.updateQueue(definition.name, queue));
    if (!work) return;
    if (definition.schedule) {
      const payload = parsePayload(definition, definition.schedule.payload) as object;
      await instance.schedule(definition.name, definition.schedule.cron, payload, {
        tz: 'UTC',
        ...singletonOptions(definition, payload),
      });
    }
    await instance.work<unknown>(
      definition.name,
      { pollingIntervalSeconds, includeMetadata: true, batchSize: 1 },
      async ([job]) => (job ? inFlight.track(runOne(definition, job)) : undefined),
    );
  }

  async function startBoss({ work }: StartOptions): Promise<void> {
    let instance: PgBoss | undefined;
    await retrying(
      async () => {
        instance = new PgBoss({
          db: trackedExecutor,
          schema: SCHEMA,
          supervise: work,
          schedule: work,
          maintenanceIntervalSeconds,
          archiveFailedAfterSeconds: 7 * DAY_SECONDS,
          deleteAfterDays: 30,
        });
        instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
        await instance.start();
      },
      INSTALL_RACE,
      5,
    );
    if (!instance) throw new Error('The job queue did not start');
    for (const definition of definitions) await register(instance, definition, work);
    boss = instance;
  }

  return {
    async start(options: StartOptions): Promise<void> {
      if (boss) return;
      starting ??= startBoss(options).finally(() => {
        starting = null;
      });
      await starting;
    },

    /**
     * Validates the payload and enqueues one job. Resolves to the job id, or null when the
     * job's policy or throttle dropped it (one of the same key is already waiting).
     */
    async send<S extends z.ZodType>(
      definition: JobDefinition<S>,
      payload: z.input<S>,
      options: SendOptions = {},
    ): Promise<string | null> {
      if (byName.get(definition.name) !== definition) {
        throw new Error(`Job ${definition.name} is not registered with this queue`);
      }
      const valid = parsePayload(definition, payload) as object;
      return started().send(definition.name, valid, {
        ...singletonOptions(definition, valid),
        ...(options.startAfter !== undefined && { startAfter: options.startAfter }),
        ...(options.priority !== undefined && { priority: options.priority }),
      });
    },

    /**
     * Enqueues many jobs of one definition in one statement, inside `tx` (they exist only if it
     * commits), each with the definition's retries and timeout.
     */
    async sendMany<S extends z.ZodType>(definition: JobDefinition<S>, payloads: z.input<S>[], tx: HandedDb) {
      if (byName.get(definition.name) !== definition) {
        throw new Error(`Job ${definition.name} is not registered with this queue`);
      }
      if (payloads.length === 0) return;
      await started().insert(
        payloads.map((payload) => ({
          name: definition.name,
          data: parsePayload(definition, payload) as object,
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: definition.retryBackoff,
          expireInSeconds: definition.expireInSeconds,
        })),
        { db: transactionExecutor(tx) },
      );
    },

    /** Failed jobs of every queue, newest first. */
    listFailed(page: { page: number; size: number }): Promise<FailedJobsPage> {
      return listFailedJobs(started().getDb(), SCHEMA, page);
    },

    /**
     * Puts a failed job back in its queue (pg-boss `retry`), through `executor` when given (a
     * transaction's). Resolves to how many jobs it moved: 0 when the job was not failed.
     */
    async retry(name: string, id: string, executor?: SqlExecutor): Promise<{ affected: number }> {
      // pg-boss 10 resolves to { jobs, requested, affected } though its types say void.
      const result = (await started().retry(name, id, executor ? { db: executor } : {})) as unknown as {
        affected: number;
      };
      return { affected: result.affected };
    },

    async stop(): Promise<void> {
      // A stop while starting (a SIGINT as the queues are created) lets the start finish first.
      await starting?.catch(() => undefined);
      const instance = boss;
      boss = null;
      await instance?.stop({ close: false, graceful: true, timeout: 10_000 });
      // The database belongs to the application and is closed by it, after this.
      await inFlight.settled();
    },
  };
}

function singletonOptions(definition: JobDefinition, payload: unknown): PgBoss.SendOptions {
  return {
    ...(definition.key && { singletonKey: definition.key(payload) }),
    ...(definition.throttleSeconds && { singletonSeconds: definition.throttleSeconds }),
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable background jobs; server.ts starts them in the process' role, closing the app stops them. */
    jobs: JobQueue;
  }
}
