import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { plugins, repositories, repoUpdates } from '@ember/db/schema/delivery';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitHttpServer, startGitHttpServer } from '../../../test-support/git-http-server.ts';
import { childProcesses } from '../../../test-support/jobs/child-process.ts';
import { postgresServerUrl, recordingLog, waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createJobQueue, type JobQueue } from '../jobs/job-queue.ts';
import { repoUpdateJobs } from './repo-update-jobs.ts';
import { fakeJar, pluginsJson } from './repo-updates.fixtures.ts';

// A repository update whose worker is SIGKILLed in the middle of the fetch completes in another
// worker after the attempt times out. PostgreSQL only: the workers are separate processes.

const WORKER = fileURLToPath(
  new URL('../../../test-support/delivery/repo-update-worker.ts', import.meta.url),
);

let database: TestDatabase;
let api: JobQueue;
let git: GitHttpServer;
let blobDir: string;
const children = childProcesses();
const jobs = repoUpdateJobs({
  run: () => Promise.reject(new Error('the test process only sends')),
  timeoutSeconds: 5,
  retryDelaySeconds: 1,
});

beforeAll(async () => {
  database = await createTestDatabase({ serverUrl: postgresServerUrl() });
  api = createJobQueue({ db: database.db, log: recordingLog(), definitions: jobs.all });
  await api.start({ work: false });
  git = await startGitHttpServer();
  blobDir = await mkdtemp(path.join(tmpdir(), 'ember-worker-blobs-'));
});

afterAll(async () => {
  await children.killAll();
  await api?.stop();
  await database?.close();
  await git?.close();
  if (blobDir) await rm(blobDir, { recursive: true, force: true });
});

const startWorker = () =>
  children.start(WORKER, { WORKER_DATABASE_URL: database.url ?? '', WORKER_BLOB_DIR: blobDir }, 'ready');

describe('a repository update in a worker that is killed', () => {
  it('completes in another worker, once, after the attempt times out', async () => {
    await git.commit('survivor', {
      'plugins.json': pluginsJson([{ name: 'Survivor', version: '3.0.0', artifact: 'survivor.jar' }]),
      'survivor.jar': fakeJar(),
    });
    const [repository] = await database.db
      .insert(repositories)
      .values({ ownerId: DEMO_USER_IDS.developer, url: git.url('survivor') })
      .returning();
    const [update] = await database.db
      .insert(repoUpdates)
      .values({ repositoryId: repository?.id ?? 0, reason: 'kill test' })
      .returning();
    const updateId = update?.id ?? 0;
    const repositoryId = repository?.id ?? 0;

    git.slowDownUploads(60_000);
    const doomed = await startWorker();
    await api.send(jobs.repoUpdate, { updateId, repositoryId });
    await waitUntil('the doomed worker to be fetching', () =>
      git.requests.includes('POST /survivor.git/git-upload-pack'),
    );
    const running = await database.db.select().from(repoUpdates).where(eq(repoUpdates.id, updateId));
    expect(running[0]?.status).toBe('RUNNING');
    doomed.kill('SIGKILL');
    git.slowDownUploads(0);

    await startWorker();
    const finished = await waitUntil(
      'the update to finish in the rescuer',
      async () => {
        const [row] = await database.db.select().from(repoUpdates).where(eq(repoUpdates.id, updateId));
        return (row?.status === 'DONE' || row?.status === 'FAILED') && row;
      },
      45_000,
    );
    expect(finished).toMatchObject({ status: 'DONE', error: null });
    const registered = await database.db.select().from(plugins).where(eq(plugins.repositoryId, repositoryId));
    expect(registered.map(({ name, version }) => ({ name, version }))).toEqual([
      { name: 'Survivor', version: '3.0.0' },
    ]);
    const versions = await database.db.execute(
      sql`select count(*)::int as n from plugin_versions where plugin_id = ${registered[0]?.id ?? 0}`,
    );
    expect((versions as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    // pg-boss marks the job completed once the handler has returned, just after the row is DONE.
    const jobState = async () => {
      const job = await database.db.execute(
        sql`select state from pgboss.job where name = ${jobs.repoUpdate.name} and data->>'updateId' = ${String(updateId)}`,
      );
      return (job as unknown as { rows: { state: string }[] }).rows[0]?.state;
    };
    const settled = await waitUntil('the job to leave the active state', async () => {
      const state = await jobState();
      return state !== 'active' && state;
    });
    expect(settled).toBe('completed');
    expect(git.requests.filter((request) => request === 'POST /survivor.git/git-upload-pack')).toHaveLength(
      2,
    );
  }, 90_000);
});
