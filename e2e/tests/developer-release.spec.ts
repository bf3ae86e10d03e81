import { execFile } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildTopLevelTargets, publicKeyHexOf, signMetadata } from '@ember/contracts/tuf';
import { createDbClient, type DbClient } from '@ember/db/client';
import { plans, prices } from '@ember/db/schema/catalog';
import { pluginLinks, plugins } from '@ember/db/schema/delivery';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { makePlan, makePrice, makeSubscription } from '@ember/db/seed/factories';
import { createEmberClient } from '../../apps/client/src/ember-client.ts';
import { createStateStore } from '../../apps/client/src/state-store.ts';
import { inDays, operatorTrust, pemOf } from '../../apps/server/src/modules/tuf/tuf.fixtures.ts';
import { type GitHttpServer, startGitHttpServer } from '../../apps/server/test-support/git-http-server.ts';
import { type Account, type AccountWish, createAccount, signInContext } from '../support/accounts.ts';
import { e2eDatabaseUrl } from '../support/e2e-database.ts';
import { CLIENT_BASE } from '../support/game-client.ts';
import { ownServer } from '../support/own-server.ts';
import { type Browser, expect, type Page, test } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 32, the developer's release path end to end: a developer makes a signing key on /developer
// (WebCrypto, downloaded once), the operator signs it into the repository, the developer signs a
// release with the project's command (`npm run release -- sign`) in a git repository this test
// serves and publishes it with "Check for updates"; a player's reference client, signed in through
// /device and trusting only the root it ships with, downloads the jar through TUF and runs it. A
// server of its own: its root and offline keys are this test's (the operator's), and it may fetch
// from the test's git server on 127.0.0.1.

const ROOT = path.join(import.meta.dirname, '..', '..');
const PORT = Number(process.env.E2E_PORT ?? 3123) + 20;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const run = promisify(execFile);

let trust: Awaited<ReturnType<typeof operatorTrust>>;
let server: ReturnType<typeof ownServer>;
let git: GitHttpServer;
let database: DbClient;
/** The operator's top-level targets version: each test's developer is signed in with the next. */
let targetsVersion = 1;
/** Every developer the operator delegated so far (a new targets version lists them all). */
const delegated: { developerId: number; publicKeysHex: string[] }[] = [];

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(scaled(150_000));
  trust = await operatorTrust([]);
  git = await startGitHttpServer();
  server = ownServer({
    name: 'release',
    port: PORT,
    portOffset: 20,
    env: {
      ...trust.env,
      MANIFEST_SIGNING_KEYS: JSON.stringify([
        { keyId: 'store-1', privateKey: pemOf(trust.keys.manifest), status: 'current' },
      ]),
      REPOSITORY_HOSTS: 'github.com,127.0.0.1',
      REPOSITORY_HTTP_HOSTS: '127.0.0.1',
      REPOSITORY_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    },
  });
  await server.start();
  database = createDbClient({ databaseUrl: e2eDatabaseUrl(PORT), maxConnections: 2 });
});

test.afterAll(async () => {
  await database?.close();
  await server?.stop();
  await git?.close();
});

/** A fresh account signed in, in a browser context of its own on this test's server. */
async function signedIn(browser: Browser, wish: AccountWish = {}) {
  const account = await createAccount(database, wish);
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  await signInContext(context, account);
  return { account, context, page: await context.newPage() };
}

/** The developer makes a key pair on /developer; the private half is the file the browser downloads. */
async function generateKeyInBrowser(page: Page) {
  await page.goto('/developer');
  await page.getByRole('button', { name: 'Generate key pair' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate a signing key' });
  await dialog.getByLabel('Name').fill('Release laptop');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Generate and download' }).click(),
  ]);
  const keyFile = path.join(
    await mkdtemp(path.join(tmpdir(), 'ember-dev-key-')),
    download.suggestedFilename(),
  );
  await download.saveAs(keyFile);
  return keyFile;
}

/** The operator, offline: a new top-level targets version delegating this developer's key, dropped in TUF_SIGNED_DIR. */
async function operatorDelegates(developerId: number, keyFile: string) {
  const publicKeyHex = publicKeyHexOf(createPrivateKey(await readFile(keyFile, 'utf8')));
  delegated.push({ developerId, publicKeysHex: [publicKeyHex] });
  targetsVersion += 1;
  const targets = buildTopLevelTargets({
    version: targetsVersion,
    expires: inDays(365),
    developers: delegated,
    obfuscatedKeyHex: publicKeyHexOf(trust.keys.obfuscated),
  });
  signMetadata(targets, trust.keys.targets);
  await trust.write(`${targetsVersion}.targets.json`, targets);
}

/** A release signed with the project's command in a working copy, then pushed to the test's git server. */
async function signedRelease(
  name: string,
  developerId: number,
  keyFile: string,
  jar: Uint8Array,
  afterSigning: (dir: string) => Promise<void> = async () => {},
) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ember-release-'));
  await mkdir(path.join(dir, 'build'));
  await writeFile(path.join(dir, 'build', 'journey.jar'), jar);
  const manifest = { plugins: [{ name: 'Journey Helper', version: '1.0.0', artifact: 'build/journey.jar' }] };
  await writeFile(path.join(dir, 'plugins.json'), JSON.stringify(manifest, null, 2));
  await run(
    'npm',
    ['run', 'release', '--', 'sign', '--developer', String(developerId), '--key', keyFile, '--repo', dir],
    {
      cwd: ROOT,
    },
  );
  await afterSigning(dir);
  const files: Record<string, Uint8Array> = {};
  for (const file of ['plugins.json', 'plugins.targets.json', 'build/journey.jar']) {
    files[file] = await readFile(path.join(dir, file));
  }
  await git.commit(name, files, 'Journey Helper 1.0.0 (signed)');
  return git.url(name);
}

/** Adds the repository (the website's API, as the Dev Panel's dialog does) and presses "Check for updates" on its page. */
async function publish(page: Page, url: string) {
  const chatToken = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const signIn = await page.request.post('/api/identity/token', {
    headers: { authorization: `Bearer ${chatToken}` },
  });
  const added = await page.request.post('/api/shop/plugin-repos', {
    headers: { authorization: signIn.headers().authorization ?? '' },
    data: { url, accessToken: 'ghp_e2e' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto(`/developer/repository/${((await added.json()) as { id: number }).id}`);
  await page.getByRole('button', { name: 'Check for updates' }).click();
}

const aJar = () => {
  const bytes = new Uint8Array(2048).map((_, index) => (index * 31 + Date.now()) % 256);
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  return bytes;
};

/** A plan of the developer granting their plugin, and a player subscribed to it. */
async function subscribe(player: Account, developerId: number) {
  const plugin = (await database.db.select().from(plugins)).find((row) => row.name === 'Journey Helper');
  if (!plugin) throw new Error('the release registered no plugin');
  const [plan] = await database.db
    .insert(plans)
    .values(makePlan({ ownerId: developerId }))
    .returning();
  const [price] = await database.db
    .insert(prices)
    .values(makePrice({ planId: plan?.id ?? 0 }))
    .returning();
  await database.db.insert(pluginLinks).values({ priceId: price?.id ?? 0, pluginId: plugin.id });
  await database.db
    .insert(subscriptions)
    .values(makeSubscription({ userId: player.id, planId: plan?.id ?? 0, priceId: price?.id ?? 0 }));
  return plugin;
}

test("a developer's signed release reaches a player's reference client, which verifies and runs it", async ({
  browser,
}) => {
  test.setTimeout(scaled(60_000));
  const developer = await signedIn(browser, { roles: ['DEVELOPER'] });
  const keyFile = await generateKeyInBrowser(developer.page);
  await operatorDelegates(developer.account.id, keyFile);
  const url = await signedRelease(`journey-${developer.account.id}`, developer.account.id, keyFile, aJar());
  await publish(developer.page, url);
  await expect(developer.page.getByText('Published v1.0.0 (1 plugin)')).toBeVisible({ timeout: 30_000 });

  const player = await signedIn(browser);
  const plugin = await subscribe(player.account, developer.account.id);
  const home = await mkdtemp(path.join(tmpdir(), 'ember-player-'));
  const client = createEmberClient({
    store: createStateStore(home),
    server: BASE_URL,
    base: CLIENT_BASE,
    trust: { root: trust.shippedRoot },
  });
  await client.login({
    clientName: 'Ember client on RELEASE-PC',
    // The player approves the code on /device before the client's first poll.
    onCode: async (code) => {
      const link = new URL(code.verification_uri_complete);
      await player.page.goto(link.pathname + link.search);
      await Promise.all([
        player.page.waitForResponse((response) => response.url().endsWith('/approve') && response.ok()),
        player.page.getByRole('button', { name: 'Approve' }).click(),
      ]);
    },
    sleep: async () => {},
  });
  const { classPath } = await client.download('Journey Helper', path.join(home, 'plugins'));
  expect(classPath).toHaveLength(1);
  const stop = new AbortController();
  const ran = await client.run({ pluginId: plugin.id, signal: stop.signal, onOpen: () => stop.abort() });
  expect(ran.session.pluginName).toBe('Journey Helper');
});

test('a jar that differs from its signed metadata fails the update with the reason on the repository page', async ({
  browser,
}) => {
  test.setTimeout(scaled(60_000));
  const developer = await signedIn(browser, { roles: ['DEVELOPER'] });
  const keyFile = await generateKeyInBrowser(developer.page);
  await operatorDelegates(developer.account.id, keyFile);
  const url = await signedRelease(
    `swapped-${developer.account.id}`,
    developer.account.id,
    keyFile,
    aJar(),
    (dir) =>
      // Rebuilt after signing: the committed jar is not the one signed.
      writeFile(path.join(dir, 'build', 'journey.jar'), aJar().reverse()),
  );
  await publish(developer.page, url);
  await expect(
    developer.page.getByText(
      /^Journey Helper 1\.0\.0: the jar in the repository \(sha256 [0-9a-f]{64}, 2048 bytes\) is not the one plugins\.targets\.json signs/,
    ),
  ).toBeVisible({ timeout: 30_000 });
});
