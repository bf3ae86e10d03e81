import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { headersFor } from '../../../test-support/auth.ts';
import { recordingLog, waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { applicationJobs, LEDGER_AUDIT_JOB } from './application-jobs.ts';
import { defineJob } from './define-job.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

let ctx: TestContext;
let worker: JobQueue;
const log = recordingLog();
const attempts: number[] = [];

const charge = defineJob({
  name: 'test-charge',
  payload: z.object({ paymentId: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 10,
  handler: async ({ paymentId }, run) => {
    attempts.push(run.retryCount);
    throw new Error(`payment ${paymentId} declined`);
  },
});

// The real ledger audit, with a wallet whose books disagree.
const brokenBooks = applicationJobs({
  management: { unpauseDue: async () => [], noticeExpiries: async () => ({ ending: 0, ended: 0 }) },
  wallet: { checkLedger: async () => ({ ok: false, accountMismatches: [{ userId: 7 }] }) },
});

const failedList = async (query = '', userId: number = DEMO_USER_IDS.admin) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/admin/jobs/failed${query}`,
    headers: await headersFor(ctx, userId),
  });

beforeAll(async () => {
  ctx = await createTestApp();
  // This process plays both roles: the app's queue only sends and lists; `worker` runs the jobs.
  await ctx.app.jobs.start({ work: false });
  worker = createJobQueue({
    db: ctx.database.db,
    log,
    definitions: [charge, brokenBooks.ledgerAudit],
    pollingIntervalSeconds: 0.5,
  });
  await worker.start({ work: true });
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});

describe('failed jobs are kept and listed for admins', () => {
  it('retries a failing job up to its limit, then lists it with its payload, error and retries', async () => {
    const id = await worker.send(charge, { paymentId: 'pay_123' });
    const page = await waitUntil('the charge job to fail for good', async () => {
      const res = await failedList();
      const body = res.json();
      return body.content.some((job: { id: string }) => job.id === id) && body;
    });
    expect(attempts).toEqual([0, 1, 2]);
    expect(page.content[0]).toEqual({
      id,
      name: 'test-charge',
      payload: { paymentId: 'pay_123' },
      error: 'payment pay_123 declined',
      retryCount: 2,
      createdOn: expect.any(String),
      startedOn: expect.any(String),
      failedOn: expect.any(String),
    });
    expect(log.errors.filter((entry) => entry.id === id).map((entry) => entry.willRetry)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('fails the ledger audit when the books disagree, logs it as an error and lists it first', async () => {
    const id = await worker.send(brokenBooks.ledgerAudit, {});
    const page = await waitUntil('the audit to fail', async () => {
      const body = (await failedList()).json();
      return body.content[0]?.id === id && body;
    });
    expect(page.content[0]).toMatchObject({
      name: LEDGER_AUDIT_JOB,
      error: 'ledger check failed: balances and ledger disagree',
      retryCount: 0,
    });
    expect(page.content.map((job: { name: string }) => job.name)).toEqual([LEDGER_AUDIT_JOB, 'test-charge']);
    expect(log.errors.find((entry) => entry.id === id)).toMatchObject({ job: LEDGER_AUDIT_JOB });
  });

  it('pages the list and refuses a bad page size with a clear message', async () => {
    const first = await failedList('?size=1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ totalPages: 2, content: [{ name: LEDGER_AUDIT_JOB }] });
    expect((await failedList('?size=1&page=1')).json().content).toMatchObject([{ name: 'test-charge' }]);
    const bad = await failedList('?size=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The page size must be a whole number from 1 to 100.' });
  });

  it('is for admins only', async () => {
    expect((await failedList('', DEMO_USER_IDS.customer)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs/failed' });
    expect(anonymous.statusCode).toBe(401);
  });
});
