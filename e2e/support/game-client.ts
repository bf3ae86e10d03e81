import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import type { DeviceCode } from '../../apps/client/src/client-api.ts';
import { createEmberClient, type EmberClient } from '../../apps/client/src/ember-client.ts';
import { createStateStore } from '../../apps/client/src/state-store.ts';
import { type SignedInAccount, storedSessionOf } from './stored-sessions.ts';

// The reference game client (apps/client) driven as a library against the e2e server, and the
// website calls the tests make as the signed-in user (docs/client-api.md).

export const SHOP = '/api/shop';
export const CLIENT_BASE = '/api/client';
const REPO_ROOT = path.join(import.meta.dirname, '..', '..');

/**
 * The e2e server's own first root: it runs on a local trust in its DATA_DIR (decision 0064), so the
 * client starts from that root instead of the shipped one, as `--trust-root` does.
 */
export const e2eTrustRootFile = (server = `http://127.0.0.1:${process.env.E2E_PORT ?? 3123}`) =>
  path.join(REPO_ROOT, '.test-output', `e2e-data-${new URL(server).port}`, 'trust', 'signed', '1.root.json');

/** A client with its own state directory, as a fresh install on another machine. */
export function newGameClient(
  server: string,
  options: { fetch?: typeof fetch; now?: () => Date; home?: string } = {},
): { client: EmberClient; home: string } {
  const home = options.home ?? mkdtempSync(path.join(tmpdir(), 'ember-client-e2e-'));
  const client = createEmberClient({
    store: createStateStore(home),
    server,
    base: CLIENT_BASE,
    fetch: options.fetch,
    now: options.now,
    trust: { root: readFileSync(e2eTrustRootFile(server), 'utf8') },
  });
  return { client, home };
}

/**
 * The website's API as `account`, with the product JWT the web app would get (POST identity
 * /token with the stored chat-platform `token` cookie).
 */
export async function websiteApi(request: APIRequestContext, account: SignedInAccount) {
  const state = JSON.parse(await readFile(storedSessionOf(account), 'utf8')) as {
    cookies: { name: string; value: string }[];
  };
  const chatToken = state.cookies.find((cookie) => cookie.name === 'token')?.value;
  if (!chatToken) throw new Error(`no token cookie stored for ${account}`);
  const signIn = await request.post('/api/identity/token', {
    headers: { authorization: `Bearer ${chatToken}` },
  });
  expect(signIn.ok(), `product sign-in of ${account}`).toBe(true);
  const user = (await signIn.json()) as { id: number };
  const authorization = signIn.headers().authorization;
  if (!authorization) throw new Error('the sign-in answer had no Authorization header');
  const headers = { authorization };
  return {
    userId: user.id,
    get: (url: string) => request.get(`${SHOP}${url}`, { headers }),
    post: (url: string, data?: unknown) => request.post(`${SHOP}${url}`, { headers, data }),
    put: (url: string, data?: unknown) => request.put(`${SHOP}${url}`, { headers, data }),
    delete: (url: string) => request.delete(`${SHOP}${url}`, { headers }),
  };
}
export type WebsiteApi = Awaited<ReturnType<typeof websiteApi>>;

/** First poll at once (the code is approved by then), later ones at the interval the server asks. */
function approvedBeforeFirstPoll() {
  let polls = 0;
  return (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, polls++ === 0 ? 0 : ms));
}

/**
 * Signs a fresh client in as `account`, the code approved through the website's API (the /device
 * page itself has its own test). Returns the client and the name it signed in under.
 */
export async function signedInGameClient(
  server: string,
  website: WebsiteApi,
  clientName: string,
  options: { fetch?: typeof fetch; now?: () => Date } = {},
): Promise<{ client: EmberClient; home: string }> {
  const fresh = newGameClient(server, options);
  await fresh.client.login({
    clientName,
    sleep: approvedBeforeFirstPoll(),
    onCode: async (code: DeviceCode) => {
      const approved = await website.post(`/device-authorizations/${code.user_code}/approve`);
      expect(approved.status(), await approved.text()).toBe(200);
    },
  });
  return fresh;
}

/** A browser page signed in as `account` (stored state), at 1280 px. */
export async function websitePage(browser: Browser, account: SignedInAccount): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: storedSessionOf(account),
  });
  return context.newPage();
}

/** `npm run client -- <args>` as a person runs it, with the state directory `home`. */
export function runClientCli(
  args: string[],
  home: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/client/src/cli.ts', ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, EMBER_CLIENT_HOME: home, EMBER_TRUST_ROOT: e2eTrustRootFile() },
        timeout: 30_000,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}
