import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.ts';
import { generateManifestKeys, loadManifestSigner, MANIFEST_KEYS_FILE } from './manifest-keys.ts';

const directories: string[] = [];
async function freshDataDir() {
  const directory = await mkdtemp(path.join(tmpdir(), 'ember-manifest-keys-'));
  directories.push(directory);
  return path.join(directory, 'data');
}

afterEach(async () => {
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

const verifies = (publicKey: string, bytes: Buffer, sig: string) =>
  verify(
    null,
    bytes,
    createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
      format: 'jwk',
    }),
    Buffer.from(sig, 'base64'),
  );

describe('manifest signing keys', () => {
  it('refuses to start in production without MANIFEST_SIGNING_KEYS', async () => {
    const env = { ...parseEnv({ NODE_ENV: 'test' }), NODE_ENV: 'production' as const };
    await expect(loadManifestSigner(env)).rejects.toThrow('MANIFEST_SIGNING_KEYS is required in production');
  });

  it('signs with the current key of MANIFEST_SIGNING_KEYS and publishes the next one (PEM or base64 DER)', async () => {
    const next = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });
    const [current] = generateManifestKeys();
    const keys = [
      { keyId: 'ember-next', privateKey: next.toString('base64'), status: 'next' },
      { ...current, keyId: 'ember-current' },
    ];
    const signer = await loadManifestSigner(parseEnv({ MANIFEST_SIGNING_KEYS: JSON.stringify(keys) }));
    expect(signer.keys.map((key) => [key.keyId, key.status])).toEqual([
      ['ember-next', 'next'],
      ['ember-current', 'current'],
    ]);
    const bytes = Buffer.from('{"a":1}');
    const signature = signer.sign(bytes);
    expect(signature.keyId).toBe('ember-current');
    expect(verifies(signer.keys[1]?.publicKey ?? '', bytes, signature.sig)).toBe(true);
    expect(verifies(signer.keys[0]?.publicKey ?? '', bytes, signature.sig)).toBe(false);
    expect(Buffer.from(signer.keys[0]?.publicKey ?? '', 'base64')).toHaveLength(32);
  });

  it('names what is wrong with a bad MANIFEST_SIGNING_KEYS', async () => {
    const load = (value: string) => loadManifestSigner(parseEnv({ MANIFEST_SIGNING_KEYS: value }));
    await expect(load('not json')).rejects.toThrow('MANIFEST_SIGNING_KEYS is not valid JSON');
    const [current, next] = generateManifestKeys();
    await expect(load(JSON.stringify([next]))).rejects.toThrow('exactly one key must be current');
    await expect(load(JSON.stringify([current, { ...current, status: 'next' }]))).rejects.toThrow(
      'key ids must be unique',
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    await expect(
      load(JSON.stringify([{ keyId: 'rsa', privateKey: rsa, status: 'current' }])),
    ).rejects.toThrow('must be Ed25519');
  });

  it('outside production generates a current and a next key once, kept in DATA_DIR across restarts', async () => {
    const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: await freshDataDir() });
    const first = await loadManifestSigner(env);
    expect(first.keys.map((key) => key.status)).toEqual(['current', 'next']);
    const file = path.join(env.DATA_DIR, MANIFEST_KEYS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    const restarted = await loadManifestSigner(env);
    expect(restarted.keys).toEqual(first.keys);
  });
});
