import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RepoUpdateResponse } from '@ember/contracts/repo-updates';
import { pluginVersions } from '@ember/db/schema/delivery';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { type GitHttpServer, startGitHttpServer } from '../../../test-support/git-http-server.ts';
import { waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenPlan, givenPrice, givenUser } from '../../../test-support/test-data.ts';
import { createLocalBlobStore } from '../../integrations/blob-store/local-blob-store.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import {
  deliveryTestEnv,
  fakeJar,
  jarUpload,
  pluginsJson,
  sha256Of,
  startUpdateWorker,
} from './repo-updates.fixtures.ts';

// Repository updates end to end: real git repositories served by `git http-backend` over HTTP,
// fetched by the update job (pg-boss, running in this app) through the SSRF-guarded client.

let ctx: TestContext;
let git: GitHttpServer;
let admin: Record<string, string>;
let blobDir: string;
let worker: JobQueue;

// A SOX "obfuscator": appends a marker and the config it was given, so the test can see both.
const OBFUSCATOR = path.join(tmpdir(), `ember-sox-${process.pid}.sh`);

beforeAll(async () => {
  git = await startGitHttpServer();
  await writeFile(OBFUSCATOR, '#!/bin/sh\ncat "$1" > "$2"\nprintf "SOX:" >> "$2"\ncat "$3" >> "$2"\n', {
    mode: 0o755,
  });
  const env = await deliveryTestEnv();
  blobDir = env.BLOB_DIR as string;
  ctx = await createTestApp({ ...env, OBFUSCATOR_COMMAND: OBFUSCATOR });
  // The app sends the jobs; a worker of the same update job, polling faster than the app's 2 s, runs them.
  await ctx.app.jobs.start({ work: false });
  worker = await startUpdateWorker(ctx);
  admin = await asUser(ctx, 'admin');
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await git?.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/shop${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });

let repositoryCount = 0;

const ONE_PLUGIN = {
  'plugins.json': pluginsJson([{ name: 'Lone', version: '1.0.0', artifact: 'lone.jar' }]),
  'lone.jar': fakeJar(),
};

/** A developer, a git repository with `files` at its first commit, and the store's repository for it. */
async function givenRepository(files: Record<string, string | Uint8Array>, body: object = {}) {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  const headers = await headersFor(ctx, developer.id);
  repositoryCount += 1;
  const name = `plugins-${repositoryCount}`;
  const firstCommit = await git.commit(name, files, 'First');
  const created = await api('POST', headers, '/plugin-repos', {
    url: git.url(name),
    accessToken: 'ghp_t',
    ...body,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { developer, headers, name, firstCommit, repo: created.json() as { id: number } };
}

async function updateAndWait(
  headers: Headers,
  repoId: number,
  body: object = {},
): Promise<RepoUpdateResponse> {
  const queued = await api('POST', headers, '/repo-updates', { repoId, reason: 'test', ...body });
  expect(queued.statusCode, queued.body).toBe(202);
  expect(queued.json().message).toBe('Update queued');
  const id: number = queued.json().update.id;
  return waitUntil(`update ${id} to finish`, async () => {
    const page = await api('GET', headers, `/repo-updates?repoId=${repoId}&size=100`);
    const update = (page.json().content as RepoUpdateResponse[]).find((candidate) => candidate.id === id);
    return (update?.status === 'DONE' || update?.status === 'FAILED') && update;
  });
}

const pluginsOf = async (headers: Headers, repoId: number) =>
  (await api('GET', headers, `/plugins/by-repo/${repoId}`))
    .json()
    .content.map(
      ({ name, version, description }: { name: string; version: string; description: string }) => ({
        name,
        version,
        description,
      }),
    );

const versionsOf = (pluginName: string, repoId: number) =>
  ctx.database.db.query.plugins
    .findFirst({
      where: (p, { and, eq: equals }) => and(equals(p.repositoryId, repoId), equals(p.name, pluginName)),
    })
    .then(async (plugin) =>
      ctx.database.db
        .select({ version: pluginVersions.version, sha256: pluginVersions.artifactSha256 })
        .from(pluginVersions)
        .where(eq(pluginVersions.pluginId, plugin?.id ?? 0))
        .orderBy(asc(pluginVersions.id)),
    );

async function approveJar(jar: Uint8Array, fileName: string) {
  const upload = await jarUpload(jar, fileName);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/shop/approved-jars',
    headers: { ...admin, 'content-type': upload.contentType },
    payload: upload.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('repository updates from a real git repository', () => {
  const fletcher = fakeJar();
  const woodcutter = fakeJar();
  const library = fakeJar();

  it('registers the plugins of plugins.json with their versions, artifacts stored by sha256', async () => {
    await approveJar(library, 'gson-2.10.jar');
    const { headers, repo, firstCommit } = await givenRepository({
      'plugins.json': pluginsJson([
        {
          name: 'Fletcher',
          version: '1.0.0',
          description: 'Fletches logs.',
          artifact: 'build/fletcher.jar',
          dependencies: ['libs/gson.jar'],
        },
        { name: 'Woodcutter', version: '2.1.0', artifact: 'build/woodcutter.jar' },
      ]),
      'build/fletcher.jar': fletcher,
      'build/woodcutter.jar': woodcutter,
      'libs/gson.jar': library,
    });

    const update = await updateAndWait(headers, repo.id);
    expect(update).toMatchObject({
      repositoryId: repo.id,
      status: 'DONE',
      reason: 'test',
      error: null,
      commitSha: firstCommit,
    });
    expect(update.startedAt).not.toBeNull();
    expect(Date.parse(update.finishedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(update.startedAt ?? ''));
    expect(await pluginsOf(headers, repo.id)).toEqual([
      { name: 'Fletcher', version: '1.0.0', description: 'Fletches logs.' },
      { name: 'Woodcutter', version: '2.1.0', description: '' },
    ]);
    expect(await versionsOf('Fletcher', repo.id)).toEqual([{ version: '1.0.0', sha256: sha256Of(fletcher) }]);
    const stored = await createLocalBlobStore(blobDir).get(sha256Of(fletcher));
    expect(stored && sha256Of(stored)).toBe(sha256Of(fletcher));
    expect(git.requests).toContain(`POST /plugins-${repositoryCount}.git/git-upload-pack`);
  });

  it('bumps the version after a new commit, and changes nothing when the commit is the same', async () => {
    const { headers, repo, name } = await givenRepository({
      'plugins.json': pluginsJson([{ name: 'Fletcher', version: '1.0.0', artifact: 'fletcher.jar' }]),
      'fletcher.jar': fletcher,
    });
    expect((await updateAndWait(headers, repo.id)).status).toBe('DONE');
    const rebuilt = fakeJar();
    const second = await git.commit(name, {
      'plugins.json': pluginsJson([{ name: 'Fletcher', version: '1.1.0', artifact: 'fletcher.jar' }]),
      'fletcher.jar': rebuilt,
    });

    expect(await updateAndWait(headers, repo.id)).toMatchObject({
      status: 'DONE',
      commitSha: second,
      outcome: 'PUBLISHED',
      publishedPlugins: 1,
      publishedVersions: ['1.1.0'],
    });
    expect(await pluginsOf(headers, repo.id)).toEqual([
      { name: 'Fletcher', version: '1.1.0', description: '' },
    ]);
    expect(await versionsOf('Fletcher', repo.id)).toEqual([
      { version: '1.0.0', sha256: sha256Of(fletcher) },
      { version: '1.1.0', sha256: sha256Of(rebuilt) },
    ]);

    // No new commit: done, nothing registered again; force registers, but an unchanged version adds no row.
    expect(await updateAndWait(headers, repo.id)).toMatchObject({
      status: 'DONE',
      commitSha: second,
      outcome: 'UNCHANGED',
      publishedPlugins: null,
      publishedVersions: [],
    });
    expect(await updateAndWait(headers, repo.id, { force: true })).toMatchObject({ status: 'DONE' });
    expect(await versionsOf('Fletcher', repo.id)).toHaveLength(2);
  });

  it('fails on a manifest error with a readable reason and leaves the previous plugins intact', async () => {
    const { headers, repo, name } = await givenRepository({
      'plugins.json': pluginsJson([{ name: 'Fletcher', version: '1.0.0', artifact: 'fletcher.jar' }]),
      'fletcher.jar': fletcher,
    });
    await updateAndWait(headers, repo.id);
    const broken = await git.commit(name, {
      'plugins.json': pluginsJson([
        { name: 'Fletcher', version: '2.0.0', artifact: 'fletcher.jar' },
        { name: 'Miner', artifact: 'miner.jar' },
      ]),
    });

    expect(await updateAndWait(headers, repo.id)).toMatchObject({
      status: 'FAILED',
      error: 'plugins.json: plugins[1].version is required',
      commitSha: broken,
    });
    expect(await pluginsOf(headers, repo.id)).toEqual([
      { name: 'Fletcher', version: '1.0.0', description: '' },
    ]);

    await git.commit(name, {
      'plugins.json': '{\n  "plugins": [\n    { "name": "a" "version": "1" }\n  ]\n}',
    });
    expect((await updateAndWait(headers, repo.id)).error).toBe(
      'plugins.json is not valid JSON: line 3, column 19: a comma expected.',
    );
    await git.commit(name, {
      'plugins.json': pluginsJson([{ name: 'Fletcher', version: '2.0.0', artifact: 'missing/fletcher.jar' }]),
    });
    expect((await updateAndWait(headers, repo.id)).error).toBe(
      'Fletcher: its artifact missing/fletcher.jar is not in the repository.',
    );
    expect(await pluginsOf(headers, repo.id)).toEqual([
      { name: 'Fletcher', version: '1.0.0', description: '' },
    ]);
  });

  it('fails on a bundled jar that is not approved, naming it and its sha256, and registers nothing', async () => {
    const unapproved = fakeJar();
    const { headers, repo } = await givenRepository({
      'plugins.json': pluginsJson([
        { name: 'Thief', version: '1.0.0', artifact: 'thief.jar', dependencies: ['libs/evil.jar'] },
      ]),
      'thief.jar': fakeJar(),
      'libs/evil.jar': unapproved,
    });
    expect(await updateAndWait(headers, repo.id)).toMatchObject({
      status: 'FAILED',
      error: `libs/evil.jar is not an approved jar (sha256 ${sha256Of(unapproved)}).`,
    });
    expect(await pluginsOf(headers, repo.id)).toEqual([]);
  });

  it('flush drops the plugins plugins.json no longer lists, unless a price still grants one', async () => {
    const { developer, headers, repo, name } = await givenRepository({
      'plugins.json': pluginsJson([
        { name: 'Kept', version: '1.0.0', artifact: 'a.jar' },
        { name: 'Dropped', version: '1.0.0', artifact: 'a.jar' },
        { name: 'Granted', version: '1.0.0', artifact: 'a.jar' },
      ]),
      'a.jar': fakeJar(),
    });
    await updateAndWait(headers, repo.id);
    const granted = (await api('GET', headers, `/plugins/by-repo/${repo.id}`))
      .json()
      .content.find((plugin: { name: string }) => plugin.name === 'Granted');
    const plan = await givenPlan(ctx, { ownerId: developer.id });
    const price = await givenPrice(ctx, { planId: plan.id });
    expect(
      (await api('POST', headers, `/plugin-links?priceId=${price.id}`, { pluginId: granted.id })).statusCode,
    ).toBe(201);
    await git.commit(name, {
      'plugins.json': pluginsJson([{ name: 'Kept', version: '1.0.1', artifact: 'a.jar' }]),
    });

    // Without flush the others stay; with flush a granted one refuses the whole update.
    expect((await updateAndWait(headers, repo.id)).status).toBe('DONE');
    expect((await pluginsOf(headers, repo.id)).map((plugin: { name: string }) => plugin.name)).toEqual([
      'Dropped',
      'Granted',
      'Kept',
    ]);
    expect(await updateAndWait(headers, repo.id, { flush: true, force: true })).toMatchObject({
      status: 'FAILED',
      error:
        'Flush refused: a price still grants Granted, which plugins.json no longer lists. Unlink it from the prices first.',
    });
    await git.commit(name, {
      'plugins.json': pluginsJson([
        { name: 'Kept', version: '1.0.2', artifact: 'a.jar' },
        { name: 'Granted', version: '1.0.0', artifact: 'a.jar' },
      ]),
    });
    expect((await updateAndWait(headers, repo.id, { flush: true })).status).toBe('DONE');
    expect(await pluginsOf(headers, repo.id)).toEqual([
      { name: 'Granted', version: '1.0.0', description: '' },
      { name: 'Kept', version: '1.0.2', description: '' },
    ]);
  });

  it('runs the configured SOX obfuscator with the repository config and delivers its output', async () => {
    const built = fakeJar(64);
    const { headers, repo } = await givenRepository(
      {
        'plugins.json': pluginsJson([{ name: 'Hidden', version: '1.0.0', artifact: 'hidden.jar' }]),
        'hidden.jar': built,
      },
      { obfuscation: 'SOX' },
    );
    await api('PUT', headers, `/plugin-repos/${repo.id}`, {
      id: repo.id,
      obfuscatorConfig: '{"rename":true}',
    });
    expect((await updateAndWait(headers, repo.id)).status).toBe('DONE');
    const expected = new Uint8Array([...built, ...new TextEncoder().encode('SOX:{"rename":true}')]);
    expect(await versionsOf('Hidden', repo.id)).toEqual([{ version: '1.0.0', sha256: sha256Of(expected) }]);
  });

  // Issue 32: the settings are part of what makes an update new, so a change applies on the next check.
  it('publishes again on the next check after the obfuscation settings changed, the commit unchanged', async () => {
    const built = fakeJar(48);
    const { headers, repo } = await givenRepository({
      'plugins.json': pluginsJson([{ name: 'Shifty', version: '1.0.0', artifact: 'shifty.jar' }]),
      'shifty.jar': built,
    });
    expect(await updateAndWait(headers, repo.id)).toMatchObject({ outcome: 'PUBLISHED' });
    expect(await updateAndWait(headers, repo.id)).toMatchObject({ outcome: 'UNCHANGED' });

    const edit = (body: object) => api('PUT', headers, `/plugin-repos/${repo.id}`, { id: repo.id, ...body });
    expect((await edit({ obfuscation: 'SOX', obfuscatorConfig: '{"rename":true}' })).statusCode).toBe(200);
    expect(await updateAndWait(headers, repo.id)).toMatchObject({
      outcome: 'PUBLISHED',
      publishedPlugins: 1,
    });
    const sox = new Uint8Array([...built, ...new TextEncoder().encode('SOX:{"rename":true}')]);
    expect((await versionsOf('Shifty', repo.id)).at(-1)).toEqual({ version: '1.0.0', sha256: sha256Of(sox) });
    expect(await updateAndWait(headers, repo.id)).toMatchObject({ outcome: 'UNCHANGED' });

    // Another config of the same obfuscation counts too, and so does switching it off.
    expect((await edit({ obfuscatorConfig: '{"rename":false}' })).statusCode).toBe(200);
    expect(await updateAndWait(headers, repo.id)).toMatchObject({ outcome: 'PUBLISHED' });
    expect((await edit({ obfuscation: 'NONE', obfuscatorConfig: null })).statusCode).toBe(200);
    expect(await updateAndWait(headers, repo.id)).toMatchObject({ outcome: 'PUBLISHED' });
    expect((await versionsOf('Shifty', repo.id)).at(-1)).toEqual({
      version: '1.0.0',
      sha256: sha256Of(built),
    });
  });
});

describe('private repositories', () => {
  it("fetches with the repository's access token, and fails with a clear reason when it is refused", async () => {
    const { headers, repo, name } = await givenRepository(ONE_PLUGIN, { accessToken: 'ghp_right' });
    git.requireToken(`${name}`, 'ghp_right');
    expect((await updateAndWait(headers, repo.id)).status).toBe('DONE');
    git.requireToken(`${name}`, 'ghp_rotated');
    expect(await updateAndWait(headers, repo.id, { force: true })).toMatchObject({
      status: 'FAILED',
      error: 'The repository refused access: check the access token.',
    });
  });
});

describe('who may queue and see updates', () => {
  it("refuses another developer's updates and lists a developer's own; admins see all, with an audit entry", async () => {
    const { headers, repo } = await givenRepository(ONE_PLUGIN);
    const other = await asUser(ctx, 'developer');
    for (const res of [
      await api('POST', other, '/repo-updates', { repoId: repo.id }),
      await api('GET', other, `/repo-updates?repoId=${repo.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    }
    expect(
      (await api('POST', await asUser(ctx, 'customer'), '/repo-updates', { repoId: repo.id })).statusCode,
    ).toBe(403);
    const byAdmin = await api('POST', admin, '/repo-updates', { repoId: repo.id, reason: 'support ticket' });
    expect(byAdmin.statusCode).toBe(202);
    const mine = (await api('GET', headers, '/repo-updates')).json();
    expect(mine.content.map((update: RepoUpdateResponse) => update.repositoryId)).toEqual([repo.id]);
    const all = (await api('GET', admin, '/repo-updates?size=100')).json();
    expect(
      new Set(all.content.map((update: RepoUpdateResponse) => update.repositoryId)).size,
    ).toBeGreaterThan(1);
    const trail = await api('GET', admin, `/admin/audit-events?targetKind=REPOSITORY&targetId=${repo.id}`);
    expect(trail.json().content[0]).toMatchObject({ action: 'repository:request-update' });

    expect((await api('POST', headers, '/repo-updates', { repoId: 2147483647 })).statusCode).toBe(404);
    const bad = await api('POST', headers, '/repo-updates', { repoId: repo.id, force: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Force must be true or false.' });
  });

  it('lets only admins queue every repository and flush the updates that have not started', async () => {
    const developer = await asUser(ctx, 'developer');
    expect((await api('POST', developer, '/repo-updates/all')).statusCode).toBe(403);
    expect((await api('PUT', developer, '/repo-updates/flush')).statusCode).toBe(403);

    // A slow fetch holds the repository's first update; the next one waits behind it (one per repository).
    const { headers, repo } = await givenRepository(ONE_PLUGIN);
    git.slowDownUploads(3000);
    try {
      await api('POST', headers, '/repo-updates', { repoId: repo.id, reason: 'first' });
      await waitUntil('the first update to start', async () => {
        const page = (await api('GET', headers, `/repo-updates?repoId=${repo.id}`)).json();
        return page.content.some((update: RepoUpdateResponse) => update.status === 'RUNNING');
      });
      await api('POST', headers, '/repo-updates', { repoId: repo.id, reason: 'second' });
      const flushed = await api('PUT', admin, '/repo-updates/flush');
      expect(flushed.statusCode).toBe(200);
      expect(flushed.json()).toMatchObject({ message: 'Updates flushed' });
      expect(flushed.json().cancelled).toBeGreaterThanOrEqual(1);
    } finally {
      git.slowDownUploads(0);
    }
    const updates = await waitUntil('the first update to finish', async () => {
      const page = (await api('GET', headers, `/repo-updates?repoId=${repo.id}`)).json();
      return page.content.every((update: RepoUpdateResponse) => update.status !== 'RUNNING') && page.content;
    });
    expect(
      updates.map(({ reason, status, error }: RepoUpdateResponse) => ({ reason, status, error })),
    ).toEqual([
      {
        reason: 'second',
        status: 'FAILED',
        error: 'Cancelled before it started: an admin flushed the pending updates.',
      },
      { reason: 'first', status: 'DONE', error: null },
    ]);
  });
});

describe('server-side request forgery', () => {
  it.each([
    ['http://10.1.2.3/a/b.git', 'This repository address points to a private network.'],
    ['http://169.254.169.254/latest/meta-data', 'This repository address points to a private network.'],
    ['https://[::1]/a/b', 'Repositories on ::1 are not allowed.'],
    ['file:///etc/passwd', 'Repository URLs must use https.'],
    ['http://github.com/a/b', 'Repository URLs must use https.'],
    [
      'https://example.com/a/b',
      'Repositories on example.com are not allowed. Allowed hosts: github.com, gitlab.com',
    ],
  ])('refuses to save %s', async (url, message) => {
    const developer = await asUser(ctx, 'developer');
    const res = await api('POST', developer, '/plugin-repos', { url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses the same on edit', async () => {
    const { headers, repo } = await givenRepository(ONE_PLUGIN);
    const res = await api('PUT', headers, `/plugin-repos/${repo.id}`, {
      id: repo.id,
      url: 'http://10.1.2.3/x.git',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This repository address points to a private network.' });
  });

  it('fails an update whose repository redirects to a private address or another host', async () => {
    const { headers, repo, name } = await givenRepository(ONE_PLUGIN);
    git.redirect(`/${name}.git`, 'http://10.1.2.3/internal.git');
    expect(await updateAndWait(headers, repo.id)).toMatchObject({
      status: 'FAILED',
      error: 'This repository address points to a private network.',
    });
    git.redirect(`/${name}.git`, 'https://evil.example.org/x.git');
    expect((await updateAndWait(headers, repo.id)).error).toContain(
      'Repositories on evil.example.org are not allowed.',
    );
    expect(git.requests.filter((request) => request.includes(name)).every((r) => r.startsWith('GET'))).toBe(
      true,
    );
  });
});

// Last: the updates of every repository (the seeded ones too) queue behind each other in this app's worker.
describe('an update of every repository', () => {
  it('queues one update per repository, for admins, on the audit trail', async () => {
    const all = await api('POST', admin, '/repo-updates/all?force');
    expect(all.statusCode).toBe(202);
    expect(all.json().message).toBe('Update queued');
    expect(all.json().queued).toBeGreaterThan(repositoryCount);
    // The newest updates are the ones just queued, whatever the worker has done with them since.
    const queued: RepoUpdateResponse[] = (await api('GET', admin, '/repo-updates?size=100'))
      .json()
      .content.slice(0, all.json().queued);
    expect(new Set(queued.map((update) => update.repositoryId)).size).toBe(all.json().queued);
    expect(queued.every((update) => update.force && update.reason === queued[0]?.reason)).toBe(true);
    const trail = await api('GET', admin, '/admin/audit-events?targetKind=REPO_UPDATE');
    expect(trail.json().content.map((event: { targetId: string }) => event.targetId)).toEqual([
      'all',
      'pending',
    ]);
    expect((await api('PUT', admin, '/repo-updates/flush')).json().cancelled).toBeGreaterThan(0);
  });
});
