import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RepoUpdateResponse } from '@ember/contracts/repo-updates';
import {
  buildTopLevelTargets,
  dependencyTargetPath,
  obfuscatedTargetPath,
  pluginTargetPath,
  signMetadata,
} from '@ember/contracts/tuf';
import { pluginLinks, plugins, repositories } from '@ember/db/schema/delivery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmberClient } from '../../../../client/src/ember-client.ts';
import { signRelease } from '../../../../client/src/release/release-cli.ts';
import { createStateStore } from '../../../../client/src/state-store.ts';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { type GitHttpServer, startGitHttpServer } from '../../../test-support/git-http-server.ts';
import { waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenPriceOf, givenSubscription, givenUser } from '../../../test-support/test-data.ts';
import { createLocalBlobStore } from '../../integrations/blob-store/local-blob-store.ts';
import { CLIENT_BASE, signInClientWith } from '../client-api/client-api.fixtures.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createTufServices, type TufRepository } from '../tuf/index.ts';
import {
  developerRelease,
  hexOf,
  inDays,
  keyIdOf,
  newKey,
  operatorTrust,
  pemOf,
  tufClient,
} from '../tuf/tuf.fixtures.ts';
import {
  deliveryTestEnv,
  fakeJar,
  jarUpload,
  pluginsJson,
  sha256Of,
  startUpdateWorker,
} from './repo-updates.fixtures.ts';

// A developer-signed release (plugins.targets.json beside plugins.json) through a real repository update.

let ctx: TestContext;
let git: GitHttpServer;
let worker: JobQueue;
let tuf: TufRepository;
let trust: Awaited<ReturnType<typeof operatorTrust>>;
let origin: string;
const developerKey = newKey();
const registered = new Map<number, { keyid: string; publicKeyHex: string }[]>();
const OBFUSCATOR = path.join(tmpdir(), `ember-sox-signed-${process.pid}.sh`);

beforeAll(async () => {
  git = await startGitHttpServer();
  await writeFile(OBFUSCATOR, '#!/bin/sh\ncat "$1" > "$2"\nprintf "SOX" >> "$2"\n', { mode: 0o755 });
  trust = await operatorTrust([]);
  const activeSigningKeys = async (developerId: number) => registered.get(developerId) ?? [];
  const manifestKeys = [{ keyId: 'store-1', privateKey: pemOf(trust.keys.manifest), status: 'current' }];
  ctx = await createTestApp(
    {
      ...(await deliveryTestEnv()),
      ...trust.env,
      OBFUSCATOR_COMMAND: OBFUSCATOR,
      MANIFEST_SIGNING_KEYS: JSON.stringify(manifestKeys),
    },
    { activeSigningKeys },
  );
  origin = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  await ctx.app.jobs.start({ work: false });
  tuf = (
    await createTufServices({ env: ctx.env, db: ctx.database.db, clock: () => new Date(), activeSigningKeys })
  ).repository;
  worker = await startUpdateWorker(ctx, tuf);
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

    // The plan page says so (the owner's view of a plan granting it and a signed, plain plugin).
    const [hidden] = await ctx.database.db.select().from(plugins).where(eq(plugins.name, 'Hidden Signed'));
    const [plain] = await ctx.database.db.select().from(plugins).where(eq(plugins.name, 'Signed One'));
    const { plan, price } = await givenPriceOf(ctx, developer.id);
    await ctx.database.db.insert(pluginLinks).values([
      { priceId: price.id, pluginId: hidden?.id ?? 0 },
      { priceId: price.id, pluginId: plain?.id ?? 0 },
    ]);
    const page = await ctx.app.inject({
      url: `/api/shop/plans/${plan.id}`,
      headers: await headersFor(ctx, developer.id),
    });
    expect(
      page
        .json()
        .prices[0].plugins.map((plugin: { name: string; obfuscatedByStore: boolean }) => [
          plugin.name,
          plugin.obfuscatedByStore,
        ]),
    ).toEqual([
      ['Hidden Signed', true],
      ['Signed One', false],
    ]);
  });
});

/** A repository folder written here and signed with the project's command, as a developer does. */
async function signedWithTheCommand(developerId: number, files: Record<string, Uint8Array | string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ember-release-'));
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), bytes);
  }
  await signRelease({ repo: dir, developerId, keyText: pemOf(developerKey) });
  return { ...files, 'plugins.targets.json': await readFile(path.join(dir, 'plugins.targets.json'), 'utf8') };
}

async function approveJar(jar: Uint8Array, fileName: string) {
  const upload = await jarUpload(jar, fileName);
  const approved = await ctx.app.inject({
    method: 'POST',
    url: '/api/shop/approved-jars',
    headers: { ...(await asUser(ctx, 'admin')), 'content-type': upload.contentType },
    payload: upload.payload,
  });
  expect(approved.statusCode, approved.body).toBe(201);
}

/** A player subscribed to a plan granting the plugin, their reference client trusting the shipped root. */
async function playerOf(pluginName: string, developerId: number) {
  const [plugin] = await ctx.database.db.select().from(plugins).where(eq(plugins.name, pluginName));
  if (!plugin) throw new Error(`no plugin ${pluginName}`);
  const { plan, price } = await givenPriceOf(ctx, developerId);
  await ctx.database.db.insert(pluginLinks).values({ priceId: price.id, pluginId: plugin.id });
  const player = await givenUser(ctx);
  await givenSubscription(ctx, { userId: player.id, planId: plan.id, priceId: price.id });
  const { authorization } = await signInClientWith(ctx, await headersFor(ctx, player.id));
  const store = createStateStore(await mkdtemp(path.join(tmpdir(), 'ember-player-')));
  await store.save({
    ...(await store.load()),
    token: authorization.slice('Bearer '.length),
    userId: player.id,
  });
  const client = createEmberClient({
    store,
    server: origin,
    base: CLIENT_BASE,
    trust: { root: trust.shippedRoot },
    // Download links name the configured PUBLIC_URL; this test's server listens on a port of its own.
    fetch: (url, init) => fetch(String(url).replace(ctx.env.PUBLIC_URL, origin), init),
  });
  return { plugin, client, authorization };
}

describe('bundled dependencies', () => {
  const library = fakeJar(96);

  it('are signed with the release, listed with the plugin and downloaded, verified and loaded with it', async () => {
    const developer = await delegatedDeveloper(5);
    await approveJar(library, 'gson-2.10.1.jar');
    const update = await release(
      developer.id,
      await signedWithTheCommand(developer.id, {
        'plugins.json': pluginsJson([
          {
            name: 'Bundler',
            version: '1.0.0',
            artifact: 'bundler.jar',
            dependencies: ['libs/gson-2.10.1.jar'],
          },
        ]),
        'bundler.jar': fakeJar(80),
        'libs/gson-2.10.1.jar': library,
      }),
    );
    expect(update.status, update.error ?? '').toBe('DONE');
    const target = dependencyTargetPath(developer.id, 'libs/gson-2.10.1.jar', sha256Of(library));
    expect(target).toBe(`plugins/${developer.id}/lib~gson-2.10.1~${sha256Of(library).slice(0, 16)}.jar`);

    const { plugin, client, authorization } = await playerOf('Bundler', developer.id);
    const listed = (await client.verifiedManifest()).plugins.find((entry) => entry.id === plugin.id);
    expect(listed?.dependencies).toEqual([{ target, sha256: sha256Of(library), size: library.length }]);
    const { classPath } = await client.download(plugin.id, await mkdtemp(path.join(tmpdir(), 'jars-')));
    expect(classPath).toHaveLength(2);
    expect(sha256Of(await readFile(classPath[1] as string))).toBe(sha256Of(library));

    // Any conforming TUF client resolves it under the developer's delegation, with the token.
    const tuf = await tufClient(`${origin}${CLIENT_BASE}`, trust.shippedRoot);
    const updater = tuf.updater();
    await updater.refresh();
    const info = await updater.getTargetInfo(target);
    expect(info?.hashes.sha256).toBe(sha256Of(library));
    const served = await fetch(
      `${origin}${CLIENT_BASE}/tuf/targets/plugins/${developer.id}/${sha256Of(library)}.${target.split('/')[2]}`,
      { headers: { authorization } },
    );
    expect(served.status).toBe(200);
  });

  it('a bundled jar the stolen server swaps is refused by the reference client, naming the plugin', async () => {
    const { plugin, client } = await playerOf('Bundler', (await ownerOf('Bundler')) ?? 0);
    const forged = fakeJar(96);
    await createLocalBlobStore(ctx.env.BLOB_DIR as string).put(forged);
    const [dependency] = plugin.dependencies;
    await ctx.database.db
      .update(plugins)
      .set({
        dependencies: [{ target: dependency?.target ?? null, sha256: sha256Of(forged), size: forged.length }],
      })
      .where(eq(plugins.id, plugin.id));
    try {
      await expect(client.download(plugin.id, await mkdtemp(path.join(tmpdir(), 'jars-')))).rejects.toThrow(
        `Bundler 1.0.0 is refused: the manifest's sha256 and size are not the ones signed for ${dependency?.target}.`,
      );
    } finally {
      await ctx.database.db
        .update(plugins)
        .set({ dependencies: plugin.dependencies })
        .where(eq(plugins.id, plugin.id));
    }
  });

  it('a release that does not sign a bundled jar fails, saying which', async () => {
    const developer = await delegatedDeveloper(6);
    const files = await signedWithTheCommand(developer.id, {
      'plugins.json': pluginsJson([{ name: 'Unsigned Lib', version: '1.0.0', artifact: 'plain.jar' }]),
      'plain.jar': fakeJar(80),
      'libs/gson-2.10.1.jar': library,
    });
    const update = await release(developer.id, {
      ...files,
      // A dependency added after signing.
      'plugins.json': pluginsJson([
        {
          name: 'Unsigned Lib',
          version: '1.0.0',
          artifact: 'plain.jar',
          dependencies: ['libs/gson-2.10.1.jar'],
        },
      ]),
    });
    expect(update.status).toBe('FAILED');
    expect(update.error).toBe(
      `Unsigned Lib 1.0.0: plugins.targets.json does not sign ${dependencyTargetPath(developer.id, 'libs/gson-2.10.1.jar', sha256Of(library))}. Sign the release again after changing plugins.json (npm run release -- sign).`,
    );
    expect(await targetOf('Unsigned Lib')).toBeUndefined();
  });
});

async function ownerOf(pluginName: string) {
  const [row] = await ctx.database.db
    .select({ ownerId: repositories.ownerId })
    .from(plugins)
    .innerJoin(repositories, eq(repositories.id, plugins.repositoryId))
    .where(eq(plugins.name, pluginName));
  return row?.ownerId;
}
