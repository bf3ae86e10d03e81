import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';

export const MANIFEST_KEYS_FILE = 'manifest-keys.json';

const storedKeys = z
  .array(
    z.object({
      keyId: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'keyId: letters, digits, . _ - (at most 64)'),
      privateKey: z.string().min(1),
      status: z.enum(['current', 'next']),
    }),
  )
  .refine(
    (keys) => keys.filter((key) => key.status === 'current').length === 1,
    'exactly one key must be current',
  )
  .refine((keys) => new Set(keys.map((key) => key.keyId)).size === keys.length, 'key ids must be unique');
type StoredKeys = z.infer<typeof storedKeys>;

export interface ManifestKey {
  keyId: string;
  status: 'current' | 'next';
  /** Raw 32-byte Ed25519 public key, base64 (what clients pin and verify with). */
  publicKey: string;
}

export interface ManifestSigner {
  /** Every key the client may trust: the current one and any published ahead of a rotation. */
  keys: readonly ManifestKey[];
  /** Ed25519 signature of `bytes` with the current key. */
  sign(bytes: Uint8Array): { keyId: string; sig: string };
}

function privateKeyOf(encoded: string): KeyObject {
  const key = encoded.includes('-----BEGIN')
    ? createPrivateKey(encoded)
    : createPrivateKey({ key: Buffer.from(encoded, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('manifest signing keys must be Ed25519');
  return key;
}

const rawPublicKey = (key: KeyObject) =>
  Buffer.from(createPublicKey(key).export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');

export function signerOf(stored: StoredKeys): ManifestSigner {
  const loaded = stored.map((entry) => ({ ...entry, key: privateKeyOf(entry.privateKey) }));
  const current = loaded.find((entry) => entry.status === 'current');
  if (!current) throw new Error('no current manifest signing key');
  return {
    keys: loaded.map((entry) => ({
      keyId: entry.keyId,
      status: entry.status,
      publicKey: rawPublicKey(entry.key),
    })),
    sign: (bytes) => ({ keyId: current.keyId, sig: sign(null, bytes, current.key).toString('base64') }),
  };
}

/** A current and a next key, as MANIFEST_SIGNING_KEYS holds them (PKCS8 PEM). */
export function generateManifestKeys(now = new Date()): StoredKeys {
  const month = now.toISOString().slice(0, 7);
  return (['current', 'next'] as const).map((status) => ({
    keyId: `ember-${month}-${randomBytes(3).toString('hex')}`,
    privateKey: generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    status,
  }));
}

function parseKeys(json: string, source: string): StoredKeys {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${source} is not valid JSON`);
  }
  const parsed = storedKeys.safeParse(value);
  if (!parsed.success)
    throw new Error(`${source}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  return parsed.data;
}

/**
 * MANIFEST_SIGNING_KEYS when set (production requires it, so clients keep trusting the keys across
 * restarts and machines). Otherwise: in tests, fresh keys in memory; elsewhere keys generated on
 * first start and kept in DATA_DIR, as jwt-secret.ts does for the JWT secret.
 */
export async function loadManifestSigner(env: Env): Promise<ManifestSigner> {
  if (env.MANIFEST_SIGNING_KEYS)
    return signerOf(parseKeys(env.MANIFEST_SIGNING_KEYS, 'MANIFEST_SIGNING_KEYS'));
  if (env.NODE_ENV === 'production') throw new Error('MANIFEST_SIGNING_KEYS is required in production');
  if (env.NODE_ENV === 'test') return signerOf(generateManifestKeys());
  const file = path.join(env.DATA_DIR, MANIFEST_KEYS_FILE);
  await mkdir(env.DATA_DIR, { recursive: true });
  try {
    // 'wx': never overwrite keys another process generated first.
    const fresh = generateManifestKeys();
    await writeFile(file, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return signerOf(fresh);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return signerOf(parseKeys(await readFile(file, 'utf8'), file));
}
