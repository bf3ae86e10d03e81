import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RepoUpdateResponse } from '@ember/contracts/repo-updates';
import {
  buildTopLevelTargets,
  obfuscatedTargetPath,
  pluginTargetPath,
  signMetadata,
} from '@ember/contracts/tuf';
import { plugins } from '@ember/db/schema/delivery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { type GitHttpServer, startGitHttpServer } from '../../../test-support/git-http-server.ts';
import { recordingLog, waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { createLocalBlobStore } from '../../integrations/blob-store/local-blob-store.ts';
import { createCacheRegistry } from '../../lib/cache/cache-registry.ts';
import { createJobQueue, type JobQueue } from '../jobs/job-queue.ts';
import { createTufServices, type TufRepository } from '../tuf/index.ts';
import { developerRelease, hexOf, inDays, keyIdOf, newKey, operatorTrust } from '../tuf/tuf.fixtures.ts';
import { createDeliveryServices } from './delivery-services.ts';
import { deliveryTestEnv, fakeJar, pluginsJson, sha256Of } from './repo-updates.fixtures.ts';

// A developer-signed release (plugins.targets.json beside plugins.json) through a real repository update.

let ctx: TestContext;
let git: GitHttpServer;
let worker: JobQueue;
let tuf: TufRepository;
let trust: Awaited<ReturnType<typeof operatorTrust>>;
const developerKey = newKey();
const registered = new Map<number, { keyid: string; publicKeyHex: string }[]>();
const OBFUSCATOR = path.join(tmpdir(), `ember-sox-signed-${process.pid}.sh`);

beforeAll(async () => {
  git = await startGitHttpServer();
  await writeFile(OBFUSCATOR, '#!/bin/sh\ncat "$1" > "$2"\nprintf "SOX" >> "$2"\n', { mode: 0o755 });
  trust = await operatorTrust([]);
  const activeSigningKeys = async (developerId: number) => registered.get(developerId) ?? [];
  ctx = await createTestApp(
    { ...(await deliveryTestEnv()), ...trust.env, OBFUSCATOR_COMMAND: OBFUSCATOR },
    { activeSigningKeys },
  );
  await ctx.app.jobs.start({ work: false });
  tuf = (
    await createTufServices({ env: ctx.env, db: ctx.database.db, clock: () => new Date(), activeSigningKeys })
  ).repository;
  const delivery = createDeliveryServices({
    db: ctx.database.db,
    clock: () => new Date(),
    env: ctx.env,
    blobs: createLocalBlobStore(ctx.env.BLOB_DIR as string),
    enqueue: () => Promise.reject(new Error('the worker only runs updates')),
    caches: createCacheRegistry(),
    tuf,
  });
  worker = createJobQueue({
    db: ctx.database.db,
    log: recordingLog(),
    definitions: delivery.jobs.all,
    pollingIntervalSeconds: 0.5,
  });
  await worker.start({ work: true });
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
  await git?.close();
});

/** A developer whose key the operator delegated (targets version `version`) and who registered it. */
async function delegatedDeveloper(version: number) {
  const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  registered.set(developer.id, [{ keyid: keyIdOf(developerKey), publicKeyHex: hexOf(developerKey) }]);
  const targets = buildTopLevelTargets({
    version,
    expires: inDays(365),
    developers: [...registered.keys()].map((developerId) => ({
      developerId,
      publicKeysHex: [hexOf(developerKey)],
    })),
    obfuscatedKeyHex: hexOf(trust.keys.obfuscated),
  });
  signMetadata(targets, trust.keys.targets);
  await trust.write(`${version}.targets.json`, targets);
  await tuf.refresh();
  return developer;
}

async function release(developerId: number, files: Record<string, string | Uint8Array>, body: object = {}) {
  const headers = await headersFor(ctx, developerId);
  const name = `signed-${developerId}`;
  await git.commit(name, files, 'Release');
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/shop/plugin-repos',
    headers,
    payload: { url: git.url(name), accessToken: 'ghp_t', ...body },
  });
  expect(created.statusCode, created.body).toBe(201);
  const repoId = created.json().id as number;
  const queued = await ctx.app.inject({
    method: 'POST',
    url: '/api/shop/repo-updates',
    headers,
    payload: { repoId, reason: 'test' },
  });
  const id: number = queued.json().update.id;
  return waitUntil(`update ${id}`, async () => {
    const page = await ctx.app.inject({ url: `/api/shop/repo-updates?repoId=${repoId}&size=10`, headers });
    const update = (page.json().content as RepoUpdateResponse[]).find((candidate) => candidate.id === id);
    return (update?.status === 'DONE' || update?.status === 'FAILED') && update;
  });
}

const targetOf = async (name: string) =>
  (await ctx.database.db.select({ target: plugins.tufTarget }).from(plugins).where(eq(plugins.name, name)))[0]
    ?.target;

describe('a developer-signed release', () => {
  it('publishes the signed role verbatim, with each plugin at its target', async () => {
    const developer = await delegatedDeveloper(2);
    const jar = fakeJar(128);
    const target = pluginTargetPath(developer.id, 'Signed One', '1.0.0');
    const signed = developerRelease(
      developer.id,
      1,
      { [target]: { sha256: sha256Of(jar), size: jar.length } },
      [developerKey],
    );
    const update = await release(developer.id, {
      'plugins.json': pluginsJson([{ name: 'Signed One', version: '1.0.0', artifact: 'one.jar' }]),
      'plugins.targets.json': signed,
      'one.jar': jar,
    });
    expect(update.status, update.error ?? '').toBe('DONE');
    expect(await targetOf('Signed One')).toBe(target);
    const served = await ctx.app.inject({ url: `/api/client/tuf/metadata/1.developer-${developer.id}.json` });
    expect(served.body).toBe(signed);
  });

  it('refuses a jar that is not the one signed, saying which and why', async () => {
    const developer = await delegatedDeveloper(3);
    const target = pluginTargetPath(developer.id, 'Swapped', '1.0.0');
    const signedJar = fakeJar(128);
    const update = await release(developer.id, {
      'plugins.json': pluginsJson([{ name: 'Swapped', version: '1.0.0', artifact: 'swapped.jar' }]),
      'plugins.targets.json': developerRelease(
        developer.id,
        1,
        { [target]: { sha256: sha256Of(signedJar), size: 128 } },
        [developerKey],
      ),
      'swapped.jar': fakeJar(128),
    });
    expect(update.status).toBe('FAILED');
    expect(update.error).toMatch(
      new RegExp(
        `^Swapped 1\\.0\\.0: the jar in the repository \\(sha256 [0-9a-f]{64}, 128 bytes\\) is not the one plugins\\.targets\\.json signs \\(sha256 ${sha256Of(signedJar)}, 128 bytes\\)\\. Sign the release again`,
      ),
    );
    expect(await targetOf('Swapped')).toBeUndefined();
  });

  it('puts an obfuscated build under the store role, naming the signed input it came from', async () => {
    const developer = await delegatedDeveloper(4);
    const jar = fakeJar(64);
    const input = pluginTargetPath(developer.id, 'Hidden Signed', '2.0.0');
    const update = await release(
      developer.id,
      {
        'plugins.json': pluginsJson([{ name: 'Hidden Signed', version: '2.0.0', artifact: 'hidden.jar' }]),
        'plugins.targets.json': developerRelease(
          developer.id,
          1,
          { [input]: { sha256: sha256Of(jar), size: 64 } },
          [developerKey],
        ),
        'hidden.jar': jar,
      },
      { obfuscation: 'SOX' },
    );
    expect(update.status, update.error ?? '').toBe('DONE');
    const target = obfuscatedTargetPath(developer.id, 'Hidden Signed', '2.0.0');
    expect(await targetOf('Hidden Signed')).toBe(target);
    const role = await ctx.app.inject({ url: '/api/client/tuf/metadata/1.store-obfuscated.json' });
    const delivered = new Uint8Array([...jar, ...new TextEncoder().encode('SOX')]);
    expect(role.json().signed.targets[target]).toEqual({
      length: delivered.length,
      hashes: { sha256: sha256Of(delivered) },
      custom: { obfuscatedFrom: { target: input, sha256: sha256Of(jar) } },
    });
  });
});
