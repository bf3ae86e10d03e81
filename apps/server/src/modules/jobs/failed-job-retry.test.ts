import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { headersFor } from '../../../test-support/auth.ts';
import { recordingLog, waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { defineJob } from './define-job.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

// POST /api/admin/jobs/failed/{id}/retry: a failed job goes back in its queue, audited.

let ctx: TestContext;
let worker: JobQueue;
let declining = true;
/** While set, a run waits for it: a retried job stays queued or running, whatever the machine's pace. */
let hold: Promise<void> | undefined;
const runs: string[] = [];

const settle = defineJob({
  name: 'test-settle',
  payload: z.object({ payoutId: z.number() }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 10,
  handler: async ({ payoutId }) => {
    await hold;
    runs.push(declining ? 'declined' : 'settled');
    if (declining) throw new Error(`payout ${payoutId} declined`);
    return { payoutId };
  },
});

const headers = (userId: number = DEMO_USER_IDS.admin) => headersFor(ctx, userId);

const retry = async (id: string, userId?: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/jobs/failed/${id}/retry`,
    headers: await headers(userId),
  });

const failedIds = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs/failed?size=100', headers: await headers() }))
    .json()
    .content.map((job: { id: string }) => job.id);

const sqlOf = async (text: string, values: unknown[]) => {
  const client = (
    ctx.database.db as unknown as {
      $client: { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };
    }
  ).$client;
  return client.query(text, values);
};

const jobState = async (id: string) => {
  const result = await sqlOf(`select state from pgboss.job where id = $1`, [id]);
  return (result.rows[0] as { state: string } | undefined)?.state;
};

async function failedJob(payoutId: number): Promise<string> {
  const id = await worker.send(settle, { payoutId });
  if (!id) throw new Error('the job was not queued');
  await waitUntil('the job to fail', async () => (await failedIds()).includes(id));
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.jobs.start({ work: false });
  worker = createJobQueue({
    db: ctx.database.db,
    log: recordingLog(),
    definitions: [settle],
    pollingIntervalSeconds: 0.5,
  });
  await worker.start({ work: true });
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});

describe('retrying a failed job (admins)', () => {
  it('puts the job back in its queue, records who did it, and the job runs again', async () => {
    const id = await failedJob(1);
    declining = false;
    const res = await retry(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Job queued again' });
    expect(await failedIds()).not.toContain(id);
    await waitUntil('the retried job to finish', async () => (await jobState(id)) === 'completed');
    expect(runs.slice(-2)).toEqual(['declined', 'settled']);

    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/admin/audit-events?targetKind=JOB&targetId=${id}`,
      headers: await headers(),
    });
    expect(audit.json().content).toMatchObject([
      {
        actor: { id: DEMO_USER_IDS.admin },
        actorRole: 'ADMIN',
        action: 'job:retry',
        targetKind: 'JOB',
        targetId: id,
        before: { name: 'test-settle', state: 'failed', retryCount: 0 },
        after: { state: 'retry' },
      },
    ]);
  });

  it('refuses a job that is not failed any more with 409, and records nothing', async () => {
    declining = true;
    const id = await failedJob(2);
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    expect((await retry(id)).statusCode).toBe(200);
    const again = await retry(id);
    release();
    hold = undefined;
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This job is not failed any more: it was retried already or it finished.',
    });
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/admin/audit-events?targetKind=JOB&targetId=${id}`,
      headers: await headers(),
    });
    expect(audit.json().content).toHaveLength(1);
  });

  it('refuses a failed job that was archived (listed still, but pg-boss retries only live jobs)', async () => {
    declining = true;
    const id = await failedJob(4);
    // What pg-boss' maintenance does a week after the failure (archiveFailedAfterSeconds).
    await sqlOf(`insert into pgboss.archive select *, now() from pgboss.job where id = $1`, [id]);
    await sqlOf(`delete from pgboss.job where id = $1`, [id]);
    expect(await failedIds()).toContain(id);
    const res = await retry(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This job failed more than a week ago and was archived; it can no longer be retried.',
    });
  });

  it('answers 404 for an id no queue knows and 400 for one that is not a UUID', async () => {
    const unknown = await retry('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No background job with that id.' });
    const bad = await retry('42');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The job id is a UUID, like 0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f.');
  });

  it('is for admins only', async () => {
    declining = true;
    const id = await failedJob(3);
    expect((await retry(id, DEMO_USER_IDS.customer)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/failed/${id}/retry` });
    expect(anonymous.statusCode).toBe(401);
    expect(await failedIds()).toContain(id);
  });
});
