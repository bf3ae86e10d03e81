import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { childProcesses } from '../../../test-support/jobs/child-process.ts';
import {
  applicationJobsOn,
  postgresServerUrl,
  recordingLog,
  waitUntil,
} from '../../../test-support/jobs/job-test-helpers.ts';
import { freePort } from '../../../test-support/server-process.ts';
import { SERVER_ENTRY } from '../../scripts/server-entry.ts';
import { type applicationJobs, LEDGER_AUDIT_JOB } from './application-jobs.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

// The real server entry point started in one role (SERVICES) against a PostgreSQL database shared
// with this test, which sends the jobs. PostgreSQL only: see worker-processes.postgres.test.ts.

let database: TestDatabase;
let sender: JobQueue;
let jobs: ReturnType<typeof applicationJobs>;
const children = childProcesses();

beforeAll(async () => {
  const serverUrl = postgresServerUrl();
  database = await createTestDatabase({ serverUrl }).catch((error: unknown) => {
    throw new Error(
      `The process-role tests need PostgreSQL at ${serverUrl} (set DATABASE_URL or start the local server): ${error}`,
    );
  });
  const db = database.db;
  jobs = applicationJobsOn(db);
  sender = createJobQueue({ db, log: recordingLog(), definitions: jobs.all });
  await sender.start({ work: false });
});

afterEach(() => children.killAll());

afterAll(async () => {
  await sender?.stop();
  await database?.close();
});

const startServer = async (services: string, port: number) =>
  children.start(
    SERVER_ENTRY,
    {
      SERVICES: services,
      DATABASE_URL: database.url ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      SEED_ON_EMPTY: 'false',
    },
    services === 'worker' ? 'worker is running' : 'is ready at',
  );

const jobState = async (id: string) => {
  const result = await database.db.execute(
    sql`select state from pgboss.job where name = ${LEDGER_AUDIT_JOB} and id = ${id}`,
  );
  return (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
};

const answersHttp = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (res) => res.status,
    () => 'refused',
  );

describe('process roles (SERVICES)', () => {
  it('SERVICES=worker opens no port and runs the jobs others send', async () => {
    const port = await freePort();
    await startServer('worker', port);
    expect(await answersHttp(port)).toBe('refused');
    const id = (await sender.send(jobs.ledgerAudit, {})) as string;
    expect(
      await waitUntil('the worker to complete the audit', async () => (await jobState(id)) === 'completed'),
    ).toBe(true);
  });

  it('SERVICES=api serves HTTP and leaves the jobs to a worker', async () => {
    const port = await freePort();
    await startServer('api', port);
    expect(await answersHttp(port)).toBe(200);
    const id = (await sender.send(jobs.ledgerAudit, {})) as string;
    // A worker polls every 2 s; three polls later the job still waits.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await jobState(id)).toBe('created');
  });
});
