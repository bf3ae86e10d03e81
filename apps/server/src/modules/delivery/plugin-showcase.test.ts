import { crc32 } from 'node:zlib';
import type { PlanDetail } from '@ember/contracts/catalog';
import type { RepoUpdateResponse } from '@ember/contracts/repo-updates';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { type GitHttpServer, startGitHttpServer } from '../../../test-support/git-http-server.ts';
import { waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenPlan, givenPrice, givenUser } from '../../../test-support/test-data.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { deliveryTestEnv, fakeJar, pluginsJson, startUpdateWorker } from './repo-updates.fixtures.ts';

// Issue 35: what a repository update publishes for the plan page (screenshots, video, changelog),
// and the images it refuses, through a real git repository, the update job and the blob store.

let ctx: TestContext;
let git: GitHttpServer;
let worker: JobQueue;

beforeAll(async () => {
  git = await startGitHttpServer();
  const env = await deliveryTestEnv();
  ctx = await createTestApp(env);
  await ctx.app.jobs.start({ work: false });
  worker = await startUpdateWorker(ctx);
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await git?.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST', headers: Headers, url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/shop${url}`, headers, ...(payload ? { payload } : {}) });

const png = (width: number, height: number, color = '#3a7') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A PNG whose header claims 50,000 × 50,000 pixels (2.5 gigapixels): a decompression bomb. */
async function pngBomb(): Promise<Buffer> {
  const bytes = Buffer.from(await png(1, 1));
  // IHDR: length (4) type (4) at offset 8, then width and height at 16 and 20, its CRC at 29.
  bytes.writeUInt32BE(50_000, 16);
  bytes.writeUInt32BE(50_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

let repositoryCount = 0;

/** A developer's repository with `files`, a plan on sale whose price grants its plugin after a first update. */
async function givenPublishedRepository(files: Record<string, string | Uint8Array>) {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  const headers = await headersFor(ctx, developer.id);
  repositoryCount += 1;
  const name = `showcase-${repositoryCount}`;
  await git.commit(name, files, 'First');
  const created = await api('POST', headers, '/plugin-repos', { url: git.url(name), accessToken: 'ghp_t' });
  expect(created.statusCode, created.body).toBe(201);
  const repo = created.json() as { id: number };
  expect(await updateAndWait(headers, repo.id)).toMatchObject({ status: 'DONE' });
  const plugin = (await api('GET', headers, `/plugins/by-repo/${repo.id}`)).json().content[0];
  const plan = await givenPlan(ctx, { ownerId: developer.id, enabled: true, hidden: false });
  const price = await givenPrice(ctx, { planId: plan.id, price: 500, enabled: true, hidden: false });
  const link = await api('POST', headers, `/plugin-links?priceId=${price.id}`, { pluginId: plugin.id });
  expect(link.statusCode, link.body).toBe(201);
  return { headers, name, repo, plan };
}

async function updateAndWait(headers: Headers, repoId: number): Promise<RepoUpdateResponse> {
  const queued = await api('POST', headers, '/repo-updates', { repoId, reason: 'test' });
  expect(queued.statusCode, queued.body).toBe(202);
  const id: number = queued.json().update.id;
  return waitUntil(`update ${id} to finish`, async () => {
    const page = await api('GET', headers, `/repo-updates?repoId=${repoId}&size=100`);
    const update = (page.json().content as RepoUpdateResponse[]).find((candidate) => candidate.id === id);
    return (update?.status === 'DONE' || update?.status === 'FAILED') && update;
  });
}

const planPage = async (planId: number) => {
  const res = await api('GET', {}, `/plans/${planId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlanDetail;
};

const FIRST = {
  'plugins.json': pluginsJson([
    {
      name: 'Angler',
      version: '1.0.0',
      artifact: 'angler.jar',
      screenshots: [{ path: 'media/bank.png', alt: 'Angler banking lobsters at Catherby' }],
      video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      changelog: [{ version: '1.0.0', notes: 'First release: lobsters and swordfish.' }],
    },
  ]),
  'angler.jar': fakeJar(),
};

describe('plugin pages from plugins.json', () => {
  it('publishes screenshots in two web sizes, the video link and the changelog on the plan page', async () => {
    const { headers, name, repo, plan } = await givenPublishedRepository({
      ...FIRST,
      'media/bank.png': await png(3200, 1800),
    });
    await git.commit(name, {
      'plugins.json': pluginsJson([
        {
          name: 'Angler',
          version: '1.1.0',
          artifact: 'angler.jar',
          screenshots: [
            { path: 'media/bank.png', alt: 'Angler banking lobsters at Catherby' },
            { path: 'media/map.jpg', alt: 'The fishing spots it visits' },
          ],
          changelog: [
            { version: '1.1.0', notes: 'Sharks at the Fishing Guild.' },
            { version: '1.0.0', notes: 'First release: lobsters and swordfish.' },
          ],
        },
      ]),
      'angler.jar': fakeJar(),
      'media/map.jpg': await sharp({ create: { width: 300, height: 200, channels: 3, background: '#246' } })
        .jpeg()
        .toBuffer(),
    });
    expect(await updateAndWait(headers, repo.id)).toMatchObject({ status: 'DONE' });

    const [angler] = (await planPage(plan.id)).plugins;
    expect(angler).toMatchObject({ name: 'Angler', version: '1.1.0', videoUrl: null });
    expect(angler?.changelog.map(({ version, notes }) => ({ version, notes }))).toEqual([
      { version: '1.1.0', notes: 'Sharks at the Fishing Guild.' },
      { version: '1.0.0', notes: 'First release: lobsters and swordfish.' },
    ]);
    expect(angler?.updatedAt).toBe(angler?.changelog[0]?.publishedAt);
    expect(angler?.screenshots).toMatchObject([
      {
        alt: 'Angler banking lobsters at Catherby',
        imageWidth: 1600,
        imageHeight: 900,
        thumbWidth: 480,
        thumbHeight: 270,
      },
      // Never enlarged.
      {
        alt: 'The fishing spots it visits',
        imageWidth: 300,
        imageHeight: 200,
        thumbWidth: 300,
        thumbHeight: 200,
      },
    ]);

    const image = await ctx.app.inject({ method: 'GET', url: angler?.screenshots[0]?.imageUrl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    // Only published screenshots: an unknown address (or a jar's sha256) is not served.
    const unknown = await ctx.app.inject({ method: 'GET', url: `/media/screenshots/${'a'.repeat(64)}.webp` });
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    [
      'wrong type',
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      'Angler: the screenshot media/new.png is not a PNG, JPEG or WebP image (it is gif).',
    ],
    [
      'not an image',
      async () => Buffer.from('<svg onload="alert(1)"></svg> not really'),
      'Angler: the screenshot media/new.png is not a PNG, JPEG or WebP image',
    ],
    [
      'too large',
      async () => Buffer.alloc(6 * 1024 * 1024, 1),
      'Angler: the screenshot media/new.png is 6.0 MB; a screenshot can be at most 5.0 MB.',
    ],
    [
      'a decompression bomb',
      pngBomb,
      'Angler: the screenshot media/new.png is 50000×50000 pixels; a screenshot can be at most 25 megapixels.',
    ],
  ])(
    'refuses a release with a bad image (%s) with its reason, and the rest of the release stays out',
    async (_kind, image, reason) => {
      const { headers, name, repo, plan } = await givenPublishedRepository({
        ...FIRST,
        'media/bank.png': await png(640, 360),
      });
      const before = await planPage(plan.id);
      await git.commit(name, {
        'plugins.json': pluginsJson([
          {
            name: 'Angler',
            version: '2.0.0',
            artifact: 'angler.jar',
            screenshots: [
              { path: 'media/bank.png', alt: 'Angler banking lobsters at Catherby' },
              { path: 'media/new.png', alt: 'A new picture' },
            ],
            changelog: [{ version: '2.0.0', notes: 'Everything new.' }],
          },
        ]),
        'angler.jar': fakeJar(),
        'media/new.png': await image(),
      });
      const failed = await updateAndWait(headers, repo.id);
      expect(failed.status).toBe('FAILED');
      expect(failed.error?.startsWith(reason)).toBe(true);
      expect(await planPage(plan.id)).toEqual(before);
    },
  );

  it('refuses screenshots without alt text and video links to other hosts', async () => {
    const { headers, name, repo } = await givenPublishedRepository({
      ...FIRST,
      'media/bank.png': await png(64, 64),
    });
    await git.commit(name, {
      'plugins.json': pluginsJson([
        {
          name: 'Angler',
          version: '1.0.1',
          artifact: 'angler.jar',
          screenshots: [{ path: 'media/bank.png', alt: ' ' }],
          video: 'https://evil.example/watch',
        },
      ]),
    });
    expect((await updateAndWait(headers, repo.id)).error).toBe(
      'plugins.json: plugins[0].screenshots[0].alt is required: describe the picture for people who cannot see it; plugins[0].video must be an https link to youtube.com, youtu.be, vimeo.com',
    );
  });
});
