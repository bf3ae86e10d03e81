import type { Db } from '@ember/db/types';
import PgBoss from 'pg-boss';
import { sqlExecutorFor } from './sql-executor.ts';

/** A recurring task: pg-boss enqueues it on the cron schedule and one worker (of any process) runs it. */
export interface ScheduledTask {
  /** Queue name: letters, digits, `-` and `_`. */
  name: string;
  /** Five-field cron, UTC. */
  cron: string;
  run(): Promise<unknown>;
}

interface JobLog {
  debug(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  tasks: readonly ScheduledTask[];
  log: JobLog;
  /** How often an idle worker looks for jobs (pg-boss' minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}

/**
 * Durable background jobs on pg-boss 10, stored in the application's own database (schema
 * `pgboss`), so a schedule survives restarts and, with several server processes, each job runs
 * once. Started by server.ts after the server listens; tests start their own runner.
 */
export function createJobRunner({ db, tasks, log, pollingIntervalSeconds = 2 }: JobRunnerOptions) {
  let boss: PgBoss | null = null;

  return {
    async start(): Promise<void> {
      if (boss) return;
      const instance = new PgBoss({ db: sqlExecutorFor(db), schema: 'pgboss' });
      instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await instance.start();
      for (const task of tasks) {
        await instance.createQueue(task.name);
        await instance.schedule(task.name, task.cron, undefined, { tz: 'UTC' });
        await instance.work(task.name, { pollingIntervalSeconds }, async () => {
          const result = await task.run();
          log.debug({ task: task.name, result }, 'job finished');
        });
      }
      boss = instance;
    },

    /** Sends one run of a task now, next to its schedule (operators and tests). */
    async runSoon(name: string): Promise<string | null> {
      if (!boss) throw new Error('The job runner is not started');
      return boss.send(name, {});
    },

    async stop(): Promise<void> {
      const instance = boss;
      boss = null;
      // The database belongs to the application and is closed by it, after this.
      await instance?.stop({ close: false, graceful: true, timeout: 10_000 });
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable background jobs; server.ts starts them, closing the app stops them. */
    jobs: JobRunner;
  }
}
