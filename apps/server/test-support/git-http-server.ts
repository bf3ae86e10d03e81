import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const GIT_HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';
const GIT_IDENTITY = ['-c', 'user.name=Ember Tests', '-c', 'user.email=tests@ember.invalid'];

/**
 * Real git repositories served over smart HTTP by `git http-backend` (as CGI) on 127.0.0.1, for
 * the repository-update tests. Repositories are made with the git CLI: a working copy per
 * repository, pushed to a bare repository the server exports.
 */
export async function startGitHttpServer() {
  const root = await mkdtemp(path.join(tmpdir(), 'ember-git-'));
  const served = path.join(root, 'served');
  await mkdir(served);
  const redirects = new Map<string, string>();
  const tokens = new Map<string, string>();
  let uploadDelayMs = 0;
  const requests: string[] = [];

  async function backend(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${request.method} ${url.pathname}`);
    const redirect = [...redirects].find(([prefix]) => url.pathname.startsWith(prefix));
    if (redirect) {
      response.writeHead(302, {
        location: redirect[1] + url.pathname.slice(redirect[0].length) + url.search,
      });
      response.end();
      return;
    }
    const token = tokens.get(url.pathname.split('/')[1] ?? '');
    if (token !== undefined) {
      const expected = `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
        response.end();
        return;
      }
    }
    if (request.method === 'POST' && uploadDelayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, uploadDelayMs));
    }
    const cgi = spawn(GIT_HTTP_BACKEND, [], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: served,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: request.method ?? 'GET',
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        REMOTE_ADDR: '127.0.0.1',
        HTTP_GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
        ...(request.headers['content-encoding'] && {
          HTTP_CONTENT_ENCODING: String(request.headers['content-encoding']),
        }),
      },
    });
    request.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => cgi.on('close', resolve));
    const output = Buffer.concat(chunks);
    let split = output.indexOf('\r\n\r\n');
    let separator = 4;
    if (split < 0) {
      split = output.indexOf('\n\n');
      separator = 2;
    }
    const head = output.subarray(0, Math.max(split, 0)).toString('utf8');
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    response.writeHead(status, headers);
    response.end(split < 0 ? output : output.subarray(split + separator));
  }

  const server = createServer((request, response) => {
    backend(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const git = (cwd: string, ...args: string[]) => run('git', [...GIT_IDENTITY, ...args], { cwd });

  return {
    origin,
    /** Every request served, `METHOD /path`. */
    requests,
    url: (name: string) => `${origin}/${name}.git`,

    /** Commits `files` (path → content) to the repository `name`, creating it first; the new commit's sha. */
    async commit(
      name: string,
      files: Record<string, string | Uint8Array>,
      message = 'Update',
    ): Promise<string> {
      const work = path.join(root, 'work', name);
      const bare = path.join(served, `${name}.git`);
      await mkdir(work, { recursive: true });
      await run('git', ['init', '-q', '-b', 'main', work]).catch(() => undefined);
      await run('git', ['init', '-q', '--bare', '-b', 'main', bare]).catch(() => undefined);
      for (const [file, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(work, file)), { recursive: true });
        await writeFile(path.join(work, file), content);
      }
      await git(work, 'add', '-A');
      await git(work, 'commit', '-q', '--allow-empty', '-m', message);
      await git(work, 'push', '-q', bare, 'HEAD:main');
      return (await git(work, 'rev-parse', 'HEAD')).stdout.trim();
    },

    /** Requests under `prefix` answer 302 to `target` + the rest of the path. */
    redirect(prefix: string, target: string) {
      redirects.set(prefix, target);
    },

    /** The repository answers 401 unless the client signs in as x-access-token with this token. */
    requireToken(name: string, token: string) {
      tokens.set(`${name}.git`, token);
    },

    /** Holds every pack request (the slow part of a fetch) this long before answering it. */
    slowDownUploads(ms: number) {
      uploadDelayMs = ms;
    },

    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(root, { recursive: true, force: true });
    },
  };
}

export type GitHttpServer = Awaited<ReturnType<typeof startGitHttpServer>>;
