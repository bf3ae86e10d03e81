import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { TOO_MANY_REQUESTS_MESSAGE } from '@ember/contracts/errors';
import { DEMO_ACCOUNTS } from '@ember/db/demo/demo-accounts';
import { demoArtifactBytes } from '@ember/db/demo/demo-artifacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductTokens } from '../../modules/identity/product-token.ts';
import type { Cluster } from './cluster.ts';
import { startTestCluster } from './test-cluster.ts';

// Issue 22, two edges of the cluster (nginx in front of two API processes, a worker, PostgreSQL,
// Redis, s3rver), driven through nginx as clients would:
// - Blobs: a game client's download link is a short-lived presigned URL on the S3 endpoint itself;
//   the bytes never pass through the balancer, and a link with an altered signature is refused.
// - Rate limits: nginx replaces X-Forwarded-For with the address that connected to it and the API
//   processes believe it only from nginx, so a client forging the header gets no fresh budget; with
//   Redis both processes share one count.

/** This file's ports (3540-3543). */
const PORTS = { nginx: 3540, api1: 3541, api2: 3542, s3: 3543 };
const CUSTOMER = DEMO_ACCOUNTS.find((account) => account.username === 'customer');
/** The ceiling of every client in this cluster: low, so the rate-limit test reaches it quickly. */
const LIMIT = 30;
/**
 * The rate-limit test's clients connect to nginx from their own loopback addresses (all of
 * 127.0.0.0/8 is this machine): nginx sees them as two different clients, and neither shares a
 * budget with this file's other requests (from 127.0.0.1, like the cluster's readiness checks).
 */
const FLOODER = '127.0.0.2';
const NEIGHBOUR = '127.0.0.3';

let cluster: Cluster;
let stopCluster: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ cluster, stop: stopCluster } = await startTestCluster({
    name: 'cluster-edges',
    ports: PORTS,
    env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) },
  }));
}, 240_000);

afterAll(async () => {
  await stopCluster?.();
}, 120_000);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const requestId = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** nginx's access log, once its last lines are written. */
async function accessLog(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return readFileSync(cluster.accessLogFile, 'utf8').split('\n').filter(Boolean);
}

const requestIdOf = (line: string) => /request_id="([^"]*)"/.exec(line)?.[1];
const upstreamOf = (line: string) => /upstream=(\S+(?:, \S+)*) upstream_status/.exec(line)?.[1];
const apiProcessOf = (upstream: string | undefined) =>
  upstream === `127.0.0.1:${PORTS.api1}`
    ? 'api1'
    : upstream === `127.0.0.1:${PORTS.api2}`
      ? 'api2'
      : `other (${upstream})`;

/**
 * The whole device sign-in of the demo customer through nginx, as the game client does it
 * (docs/client-api.md §1): the code, the website's Approve (the customer's product JWT), the token.
 */
async function signInGameClient(): Promise<string> {
  if (!CUSTOMER) throw new Error('no demo customer');
  const started = await fetch(
    `${cluster.url}/api/client/device/code`,
    form({ client_id: 'ember-client', client_name: 'Ember client on CLUSTER-EDGES' }),
  );
  expect(started.status).toBe(200);
  const code = (await started.json()) as { device_code: string; user_code: string };
  const tokens = createProductTokens({ secret: cluster.jwtSecret, ttlSeconds: 3600 });
  const jwt = await tokens.sign({
    sub: String(CUSTOMER.id),
    discordId: CUSTOMER.discordId,
    roles: [...CUSTOMER.roles],
  });
  const approved = await fetch(`${cluster.url}/api/shop/device-authorizations/${code.user_code}/approve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(approved.status, await approved.clone().text()).toBe(200);
  const token = await fetch(
    `${cluster.url}/api/client/token`,
    form({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: code.device_code,
      client_id: 'ember-client',
    }),
  );
  expect(token.status, await token.clone().text()).toBe(200);
  return `Bearer ${((await token.json()) as { access_token: string }).access_token}`;
}

describe('blobs: downloads are presigned URLs on the S3 endpoint, never proxied by the balancer', () => {
  it("a game client's download URL points at S3, is signed and short-lived, gives the artifact's bytes, never reaches nginx, and is refused when altered", async () => {
    const authorization = await signInGameClient();
    const manifest = await fetch(`${cluster.url}/api/client/manifest`, { headers: { authorization } });
    expect(manifest.status).toBe(200);
    const { plugins } = (
      (await manifest.json()) as {
        signed: { plugins: { id: number; name: string; version: string; sha256: string; size: number }[] };
      }
    ).signed;
    const plugin = plugins[0];
    if (!plugin) throw new Error('the demo customer may run no plugin');
    // The artifact the seed registered, put in the blob store at start (outside production).
    const artifact = demoArtifactBytes(plugin.name, plugin.version);
    expect(sha256(artifact)).toBe(plugin.sha256);

    const downloadId = requestId('download');
    const download = await fetch(`${cluster.url}/api/client/downloads`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', 'x-request-id': downloadId },
      body: JSON.stringify({ pluginId: plugin.id }),
    });
    expect(download.status, await download.clone().text()).toBe(200);
    const given = (await download.json()) as { url: string; sha256: string; size: number; expiresAt: string };
    expect(given).toMatchObject({ sha256: plugin.sha256, size: artifact.byteLength });

    // On the S3 endpoint (s3rver), under the artifact's sha256, not on nginx's port.
    const url = new URL(given.url);
    expect(url.origin).toBe(cluster.s3.endpoint);
    expect(url.port).toBe(String(PORTS.s3));
    expect(url.port).not.toBe(String(PORTS.nginx));
    expect(url.pathname).toBe(`/${cluster.s3.bucket}/blobs/${plugin.sha256}`);
    // Signed (SigV4 in the query) and short-lived: DOWNLOAD_URL_TTL_SECONDS, 300 by default.
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const expiresIn = Number(url.searchParams.get('X-Amz-Expires'));
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(300);
    const expiresAt = Date.parse(given.expiresAt);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(300_000);
    expect(expiresAt).toBeGreaterThan(Date.now());

    // A plain fetch, no token: the artifact's bytes.
    const bytes = await fetch(given.url);
    expect(bytes.status).toBe(200);
    const body = new Uint8Array(await bytes.arrayBuffer());
    expect(sha256(body)).toBe(plugin.sha256);
    expect(body.byteLength).toBe(plugin.size);

    // Altered, the link is refused by S3: another signature, a longer life under the old one, or no
    // signature at all. (s3rver checks none of these; the cluster puts S3's check in front of it:
    // s3-signatures.ts.)
    const forged = new URL(given.url);
    const signature = forged.searchParams.get('X-Amz-Signature') ?? '';
    forged.searchParams.set(
      'X-Amz-Signature',
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    );
    const refused = await fetch(forged);
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
    const widened = new URL(given.url);
    widened.searchParams.set('X-Amz-Expires', '604800');
    const widenedAnswer = await fetch(widened);
    expect(widenedAnswer.status).toBe(403);
    await widenedAnswer.arrayBuffer();
    const unsigned = await fetch(`${url.origin}${url.pathname}`);
    expect(unsigned.status).toBe(403);
    await unsigned.arrayBuffer();

    // nginx saw the download request, and no request for the blob (its path, or its sha256 at all).
    const lines = await accessLog();
    expect(lines.filter((line) => requestIdOf(line) === downloadId)).toHaveLength(1);
    expect(lines.filter((line) => line.includes(plugin.sha256) || line.includes('/blobs/'))).toEqual([]);
  });
});

/** One GET through nginx from `localAddress`, with these headers. */
function getFrom(
  localAddress: string,
  pathname: string,
  headers: Record<string, string>,
): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: PORTS.nginx, path: pathname, localAddress, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('rate limits behind the balancer: the limit counts the client nginx saw', () => {
  it('a client forging a new X-Forwarded-For on every request is refused at the limit, by both processes, while another client is still served', async () => {
    const labels = '/api/shop/labels';
    const sent: { id: string; status: number }[] = [];
    let refusal: Awaited<ReturnType<typeof getFrom>> | undefined;
    // Each request names another client in its own header; at most twice the limit are tried.
    for (let i = 1; i <= 2 * LIMIT + 2 && !refusal; i++) {
      const id = requestId('flood');
      const answer = await getFrom(FLOODER, labels, {
        'x-forwarded-for': `198.51.100.${i}`,
        'x-request-id': id,
      });
      sent.push({ id, status: answer.status });
      if (answer.status === 429) refusal = answer;
      else expect(answer.status, answer.body).toBe(200);
    }
    expect(refusal, `never refused in ${sent.length} requests`).toBeDefined();
    expect(JSON.parse(refusal?.body ?? '{}')).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
    expect(Number(refusal?.retryAfter)).toBeGreaterThan(0);
    // A few more, each naming yet another client: still refused, whichever process answers.
    const after: { id: string; status: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const id = requestId('flood-after');
      const answer = await getFrom(FLOODER, labels, {
        'x-forwarded-for': `203.0.113.${i}`,
        'x-request-id': id,
      });
      after.push({ id, status: answer.status });
    }
    // Another client, behind the same balancer, has its own budget: the limit is not nginx's.
    const neighbour = await getFrom(NEIGHBOUR, labels, { 'x-forwarded-for': '198.51.100.1' });
    expect(neighbour.status).toBe(200);

    const lines = new Map((await accessLog()).map((line) => [requestIdOf(line), line]));
    const served = [...sent, ...after].map((request) => {
      const line = lines.get(request.id) ?? '';
      return { ...request, client: line.split(' ')[0], process: apiProcessOf(upstreamOf(line)) };
    });
    // nginx saw the real client, whatever the header claimed.
    expect(new Set(served.map((request) => request.client))).toEqual(new Set([FLOODER]));
    const allowed = served.filter((request) => request.status === 200);
    const allowedBy = (name: string) => allowed.filter((request) => request.process === name).length;
    const described = `allowed by api1 ${allowedBy('api1')}, api2 ${allowedBy('api2')}`;
    // Both processes served the client.
    expect(new Set(allowed.map((request) => request.process)), described).toEqual(new Set(['api1', 'api2']));
    if (cluster.redisUrl) {
      // One count in Redis for both processes: the limit in all, not once per process, and once it
      // is reached both refuse.
      expect(allowed.length, described).toBe(LIMIT);
      expect(after.map((request) => request.status)).toEqual([429, 429, 429, 429]);
      expect(
        new Set(served.filter((request) => request.status === 429).map((request) => request.process)),
      ).toEqual(new Set(['api1', 'api2']));
    } else {
      // Without Redis each process counts alone: never more than the limit each.
      expect(allowedBy('api1'), described).toBeLessThanOrEqual(LIMIT);
      expect(allowedBy('api2'), described).toBeLessThanOrEqual(LIMIT);
    }
  });
});
