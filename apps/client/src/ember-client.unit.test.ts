import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArtifactRejected } from './artifact-check.ts';
import { canonicalBytes } from './canonical-json.ts';
import { createEmberClient, NotEntitled } from './ember-client.ts';
import type { SignedManifestBody } from './manifest.ts';
import { ManifestRejected } from './manifest-verifier.ts';
import { createStateStore } from './state-store.ts';
import type { TufVerifier } from './tuf-verifier.ts';

const SERVER = 'http://ember.test';
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const KEY = {
  keyId: 'k1',
  publicKey: Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('base64'),
};
const JAR = new TextEncoder().encode('the plugin jar');

/** A fake client API: one key, a manifest per call (next version each time), one downloadable plugin. */
function fakeServer() {
  let version = 10;
  let userId = 7;
  /** Who approved the device code (the token answer's user_id). */
  let approvedBy = 7;
  let served = JAR;
  const calls: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchStub: typeof fetch = async (input, init) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url.replace(SERVER, '')}`);
    if (url.endsWith('/keys')) return json({ keys: [{ ...KEY, status: 'current' }] });
    if (url.endsWith('/device/code'))
      return json({
        device_code: 'dc',
        user_code: 'BCDF-GHJK',
        verification_uri: `${SERVER}/device`,
        verification_uri_complete: `${SERVER}/device?code=BCDF-GHJK`,
        expires_in: 900,
        interval: 5,
      });
    if (url.endsWith('/token'))
      return json({ access_token: 'emc_token', token_type: 'Bearer', scope: 'client', user_id: approvedBy });
    if (url.endsWith('/manifest')) {
      const signed: SignedManifestBody = {
        type: 'ember-plugin-manifest',
        userId,
        version: ++version,
        issuedAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        plugins: [
          {
            id: 8,
            name: 'Quest Helper',
            version: '4.1.0',
            size: JAR.byteLength,
            sha256: createHash('sha256').update(JAR).digest('hex'),
          },
        ],
      };
      return json({
        signed,
        signatures: [
          { keyId: KEY.keyId, sig: sign(null, canonicalBytes(signed), privateKey).toString('base64') },
        ],
      });
    }
    if (url.endsWith('/downloads'))
      return json({ url: `${SERVER}/blob`, sha256: 'x', size: 1, expiresAt: '' });
    if (url.endsWith('/blob')) return new Response(served);
    return json({ message: 'Not found.' }, 404);
  };
  return {
    fetch: fetchStub,
    calls,
    serveBytes: (bytes: Uint8Array<ArrayBuffer>) => {
      served = bytes;
    },
    becomeUser: (id: number) => {
      userId = id;
    },
    approveAs: (id: number) => {
      approvedBy = id;
    },
  };
}

/** TUF stands in: the trusted root names KEY for manifests and vouches for every jar (tested in tuf/client-trust.test.ts). */
const trustingKey: TufVerifier = {
  manifestKeys: async () => [Buffer.from(KEY.publicKey, 'base64').toString('hex')],
  verify: async () => {},
  verifyDependency: async () => {},
};

async function signedInClient(server = fakeServer()) {
  const home = mkdtempSync(path.join(tmpdir(), 'ember-client-unit-'));
  const client = createEmberClient({
    store: createStateStore(home),
    server: SERVER,
    fetch: server.fetch,
    trust: { verifier: trustingKey },
  });
  await client.login({ clientName: 'unit', onCode: () => {}, sleep: async () => {} });
  return { client, server, home };
}

describe('the reference client', () => {
  it('stores the token and the approving user at sign-in, in a state file only its owner can read, and asks for no key', async () => {
    const { client, home, server } = await signedInClient();
    const state = await client.state();
    expect(state).toMatchObject({ server: SERVER, token: 'emc_token', userId: 7 });
    expect(statSync(path.join(home, 'state.json')).mode & 0o777).toBe(0o600);
    expect(server.calls.filter((call) => call.endsWith('/keys'))).toEqual([]);
  });

  it('remembers the user and the highest version of the manifests it accepts', async () => {
    const { client } = await signedInClient();
    expect((await client.verifiedManifest()).version).toBe(11);
    expect((await client.verifiedManifest()).version).toBe(12);
    expect(await client.state()).toMatchObject({ userId: 7, manifestVersions: { '7': 12 } });
  });

  it('refuses a manifest for another user once it knows its own', async () => {
    const { client, server } = await signedInClient();
    await client.verifiedManifest();
    server.becomeUser(8);
    await expect(client.verifiedManifest()).rejects.toEqual(
      new ManifestRejected('The manifest is for user 8, not for you (user 7).'),
    );
  });

  // Issue 32: the first manifest after login was adopted whoever it named.
  it('refuses even the first manifest after login when it names another user than the one who approved', async () => {
    const server = fakeServer();
    server.approveAs(7);
    server.becomeUser(8);
    const { client } = await signedInClient(server);
    expect(await client.state()).toMatchObject({ userId: 7 });
    await expect(client.verifiedManifest()).rejects.toEqual(
      new ManifestRejected('The manifest is for user 8, not for you (user 7).'),
    );
    expect((await client.state()).manifestVersions).toEqual({});
  });

  it('downloads a plugin of the manifest by name and writes the checked bytes', async () => {
    const { client, home } = await signedInClient();
    const { file } = await client.download('quest helper', path.join(home, 'plugins'));
    expect(path.basename(file)).toBe('Quest_Helper-4.1.0.jar');
    expect(statSync(file).size).toBe(JAR.byteLength);
  });

  it('does not ask the server for a plugin outside the manifest', async () => {
    const { client, server, home } = await signedInClient();
    await expect(client.download(34, path.join(home, 'plugins'))).rejects.toBeInstanceOf(NotEntitled);
    expect(server.calls.filter((call) => call.includes('/downloads'))).toEqual([]);
  });

  it('writes nothing when the bytes are not the manifest’s', async () => {
    const { client, server, home } = await signedInClient();
    server.serveBytes(new TextEncoder().encode('the plugin jaR'));
    await expect(client.download(8, path.join(home, 'plugins'))).rejects.toBeInstanceOf(ArtifactRejected);
    expect(readdirSync(home)).not.toContain('plugins');
  });
});
