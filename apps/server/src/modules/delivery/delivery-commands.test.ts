import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { createLocalBlobStore } from '../../integrations/blob-store/local-blob-store.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import { fakeJar, jarUpload, sha256Of } from './repo-updates.fixtures.ts';

// The admins' delivery commands: approved repositories and jars, loader and classpath releases,
// and the bootstrap document that follows the published loader.

let ctx: TestContext;
let dir: string;
let admin: Record<string, string>;
let developer: Record<string, string>;
const MAX_JAR_BYTES = 8192;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ember-commands-'));
  await mkdir(path.join(dir, 'loader'));
  ctx = await createTestApp({
    BLOB_DIR: path.join(dir, 'blobs'),
    APPROVED_JAR_MAX_BYTES: String(MAX_JAR_BYTES),
    LOADER_RELEASE_DIR: path.join(dir, 'loader'),
  });
  admin = await asUser(ctx, 'admin');
  developer = await asUser(ctx, 'developer');
});

afterAll(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', headers: Record<string, string>, url: string) =>
  ctx.app.inject({ method, url: `/api/shop${url}`, headers });

async function uploadJar(headers: Record<string, string>, jar: Uint8Array, fileName: string) {
  const upload = await jarUpload(jar, fileName);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/shop/approved-jars',
    headers: { ...headers, 'content-type': upload.contentType },
    payload: upload.payload,
  });
}

const auditActions = async (targetKind: string) =>
  (await api('GET', admin, `/admin/audit-events?targetKind=${targetKind}`))
    .json()
    .content.map((event: { action: string; targetId: string }) => event.action);

describe('approved repositories', () => {
  it('approves a repository by owner and name with its raw-content url, once, on the audit trail', async () => {
    const approved = await api('POST', admin, '/approved-repos?owner=google&name=gson&token=ghp_x');
    expect(approved.statusCode).toBe(201);
    expect(approved.json()).toMatchObject({
      message: 'Repo approved!',
      repo: { owner: 'google', name: 'gson', url: 'https://raw.githubusercontent.com/google/gson' },
    });
    expect(approved.body).not.toContain('ghp_x');
    const again = await api('POST', admin, '/approved-repos?owner=google&name=gson');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'google/gson is already approved.' });

    const listed = await api('GET', developer, '/approved-repos');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().content.map((repo: { name: string }) => repo.name)).toContain('gson');
    expect(await auditActions('APPROVED_REPO')).toEqual(['repository:approve']);
  });

  it('refuses developers, customers and bad names', async () => {
    const refused = await api('POST', developer, '/approved-repos?owner=a&name=b');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: REFUSAL_MESSAGES.ROLE });
    expect((await api('GET', await asUser(ctx, 'customer'), '/approved-repos')).statusCode).toBe(403);
    const bad = await api('POST', admin, '/approved-repos?owner=../etc&name=b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("The owner may hold letters, digits, '.', '-' and '_'");
    expect((await api('POST', admin, '/approved-repos?name=b')).json()).toEqual({
      message: 'The owner is required.',
    });
  });
});

describe('approved jars', () => {
  it('approves a jar by its sha256, keeps it in the blob store, once, on the audit trail', async () => {
    const jar = fakeJar(4000);
    const approved = await uploadJar(admin, jar, 'gson-2.10.1.jar');
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json()).toMatchObject({
      message: 'Jar approved!',
      jar: { fileName: 'gson-2.10.1.jar', sha256: sha256Of(jar), sizeBytes: 4000 },
    });
    const kept = await createLocalBlobStore(path.join(dir, 'blobs')).get(sha256Of(jar));
    expect(kept && sha256Of(kept)).toBe(sha256Of(jar));
    const again = await uploadJar(admin, jar, 'copy.jar');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This jar is already approved as gson-2.10.1.jar.' });
    const listed = (await api('GET', developer, '/approved-jars')).json();
    expect(listed.content[0]).toMatchObject({ sha256: sha256Of(jar), sizeBytes: 4000 });
    expect(await auditActions('APPROVED_JAR')).toEqual(['repository:approve']);
  });

  it('refuses a file over the size limit, a file that is not a jar, an empty body and a bad name', async () => {
    const tooBig = await uploadJar(admin, fakeJar(MAX_JAR_BYTES + 1), 'big.jar');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'An approved jar can be at most 8 KB.' });
    const text = await uploadJar(admin, new TextEncoder().encode('hello'), 'x.jar');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'This file is not a jar (a jar is a zip archive).' });
    const empty = await uploadJar(admin, new Uint8Array(), 'x.jar');
    expect(empty.statusCode).toBe(400);
    const name = await uploadJar(admin, fakeJar(), 'notes.txt');
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({ message: "The file name must end in .jar and hold no '/' or spaces." });
    expect((await uploadJar(developer, fakeJar(), 'x.jar')).statusCode).toBe(403);
  });

  it('asks for a multipart upload when the jar is sent any other way', async () => {
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/approved-jars',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { file: 'x.jar' },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual({ message: 'Send the jar as a multipart/form-data file.' });
  });
});

describe('loader and classpath releases', () => {
  const loaderDir = () => path.join(dir, 'loader');

  it('publishes the loader build, refuses the same version unless forced, and the bootstrap follows it', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/bootstrap.json' })).json();
    expect(before.version).toBe(ctx.env.CLIENT_VERSION);
    expect(before.sha256).toBeUndefined();

    const build = fakeJar(3000);
    await writeFile(path.join(loaderDir(), 'version.txt'), '2.0.0\n');
    await writeFile(path.join(loaderDir(), 'ember-loader.jar'), build);
    const published = await api('POST', admin, '/commands/update-loader');
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({
      message: 'Loader updated!',
      release: { kind: 'LOADER', version: '2.0.0', sha256: sha256Of(build), sizeBytes: 3000 },
    });
    const bootstrap = (await ctx.app.inject({ method: 'GET', url: '/bootstrap.json' })).json();
    expect(bootstrap).toMatchObject({ version: '2.0.0', sha256: sha256Of(build), size: 3000 });
    expect(bootstrap.platforms.windows.url).toContain('/2.0.0/');

    const again = await api('POST', admin, '/commands/update-loader');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Loader 2.0.0 is already published. Publish it again with force.',
    });
    const rebuilt = fakeJar(3100);
    await writeFile(path.join(loaderDir(), 'ember-loader.jar'), rebuilt);
    const forced = await api('POST', admin, '/commands/update-loader?force=true');
    expect(forced.statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: '/bootstrap.json' })).json().sha256).toBe(
      sha256Of(rebuilt),
    );
    expect(await auditActions('CLIENT_RELEASE')).toEqual(['loader:update', 'loader:update']);
  });

  it('says what is wrong with the release folder, and refuses non-admins', async () => {
    await writeFile(path.join(loaderDir(), 'extra.jar'), fakeJar());
    const two = await api('POST', admin, '/commands/update-loader?force');
    expect(two.statusCode).toBe(409);
    expect(two.json()).toEqual({
      message: 'The loader release folder must hold version.txt and exactly one build file (found 2).',
    });
    const classpath = await api('POST', admin, '/commands/update-classpath');
    expect(classpath.statusCode).toBe(409);
    expect(classpath.json()).toEqual({
      message: 'Classpath releases are not configured on this server (CLASSPATH_RELEASE_DIR).',
    });
    expect((await api('POST', developer, '/commands/update-loader')).statusCode).toBe(403);
    expect((await api('POST', admin, '/commands/update-loader?force=maybe')).statusCode).toBe(400);
  });
});
