import type { z } from 'zod';

/**
 * How jobs of one queue may overlap (pg-boss queue policies, keyed by `key(payload)`):
 * - `standard`: no limit; every job sent runs.
 * - `singleton`: at most one job per key runs at a time; more may wait.
 * - `stately`: at most one per key waiting and one running; a send while one already waits is
 *   dropped (`send` returns null), e.g. "fetch this repository again" after several pushes.
 */
export type JobPolicy = 'standard' | 'singleton' | 'stately';

/** What a handler learns about the run besides its payload. */
export interface JobRun {
  id: string;
  /** 0 on the first attempt, 1 on the first retry, and so on. */
  retryCount: number;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Queue name: letters, digits, `-` and `_`. */
  name: string;
  /** Checked when the job is sent (a bad payload is never enqueued) and again when it runs. */
  payload: S;
  /** Retries after the first attempt fails or times out. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelaySeconds: number;
  /** Doubles the delay on every further retry (with jitter). */
  retryBackoff: boolean;
  /**
   * An attempt running longer than this fails (and is retried). A worker that dies mid-job is
   * noticed the same way: the job times out and another worker retries it.
   */
  expireInSeconds: number;
  /** Default `standard`. */
  policy?: JobPolicy;
  /** The unit of work for `policy` and `throttleSeconds`, e.g. the repository or the payment id. */
  key?: (payload: z.output<S>) => string;
  /** At most one job per key (or per queue without a key) is accepted in each window of this many seconds. */
  throttleSeconds?: number;
  /** Recurring runs (five-field cron, UTC) with this payload; the schedule is stored in the database. */
  schedule?: { cron: string; payload: z.input<S> };
  /** The result is logged at info; a thrown error fails the attempt and is kept with the job. */
  handler(payload: z.output<S>, run: JobRun): Promise<unknown>;
}

/** Identity function that ties the handler's payload type to its schema. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** A payload that does not match its job's schema: a programming error, never enqueued. */
export class InvalidJobPayloadError extends Error {
  constructor(jobName: string, issues: readonly { path: PropertyKey[]; message: string }[]) {
    const details = issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`);
    super(`Invalid payload for job ${jobName}: ${details.join('; ')}`);
    this.name = 'InvalidJobPayloadError';
  }
}
