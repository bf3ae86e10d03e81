import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { canonicalBytes } from './canonical-json.ts';
import type { ManifestEnvelope, ManifestPlugin, SignedManifestBody, TrustedKey } from './manifest.ts';

/** Why a manifest was refused; the message is what the user reads. */
export class ManifestRejected extends Error {
  override readonly name = 'ManifestRejected';
}

export interface ManifestExpectations {
  /** The keys the trusted root names; a signature under any other key does not count. */
  trustedKeys: readonly TrustedKey[];
  /** The signed-in user's id; unknown (undefined) only before the first manifest after sign-in. */
  userId: number | undefined;
  /** The highest manifest version accepted before, per user id (none: 0). */
  acceptedVersions: Readonly<Record<string, number>>;
  now: Date;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * TUF's checks on a manifest, in order: the signature under a key the trusted root names (over the canonical JSON
 * of `signed`), then the content's shape, the user, the expiry, and rollback (the version must be
 * strictly greater than any accepted before). Returns the verified body; throws ManifestRejected.
 */
export function verifyManifest(envelope: unknown, expect: ManifestExpectations): SignedManifestBody {
  if (!isEnvelope(envelope)) throw new ManifestRejected('The manifest is malformed.');
  const signedBy = envelope.signatures.find((signature) => signatureVerifies(envelope, signature, expect));
  if (!signedBy) {
    const ids = envelope.signatures.map((signature) => signature.keyId).join(', ') || 'none';
    throw new ManifestRejected(
      `The manifest signature does not verify under a key the trusted root names (signed by: ${ids}).`,
    );
  }
  const body = envelope.signed;
  if (!isBody(body)) throw new ManifestRejected('The manifest content is malformed.');
  if (expect.userId !== undefined && body.userId !== expect.userId) {
    throw new ManifestRejected(
      `The manifest is for user ${body.userId}, not for you (user ${expect.userId}).`,
    );
  }
  const expiresAt = Date.parse(body.expiresAt);
  if (!(expiresAt > expect.now.getTime())) {
    throw new ManifestRejected(`The manifest expired at ${body.expiresAt}.`);
  }
  const highest = expect.acceptedVersions[String(body.userId)] ?? 0;
  if (body.version <= highest) {
    throw new ManifestRejected(
      `The manifest is version ${body.version}, not newer than version ${highest} accepted before (a replayed or rolled-back manifest).`,
    );
  }
  return body;
}

function signatureVerifies(
  envelope: ManifestEnvelope,
  signature: { keyId: string; sig: string },
  expect: ManifestExpectations,
): boolean {
  // The root may name several manifest keys (current and next): any of them counts.
  return expect.trustedKeys
    .filter((key) => key.keyId === signature.keyId)
    .some((key) => {
      try {
        return verify(
          null,
          canonicalBytes(envelope.signed),
          publicKeyOf(key),
          Buffer.from(signature.sig, 'base64'),
        );
      } catch {
        return false;
      }
    });
}

/** A raw 32-byte Ed25519 public key (base64) as a node KeyObject. */
export function publicKeyOf(key: TrustedKey): KeyObject {
  const raw = Buffer.from(key.publicKey, 'base64');
  if (raw.length !== 32) throw new ManifestRejected(`Key ${key.keyId} is not a 32-byte Ed25519 key.`);
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
    format: 'jwk',
  });
}

function isEnvelope(value: unknown): value is ManifestEnvelope {
  if (!isObject(value) || !isObject(value.signed) || !Array.isArray(value.signatures)) return false;
  return value.signatures.every(
    (signature) =>
      isObject(signature) && typeof signature.keyId === 'string' && typeof signature.sig === 'string',
  );
}

function isBody(value: unknown): value is SignedManifestBody {
  if (!isObject(value)) return false;
  return (
    value.type === 'ember-plugin-manifest' &&
    Number.isSafeInteger(value.userId) &&
    Number.isSafeInteger(value.version) &&
    typeof value.issuedAt === 'string' &&
    typeof value.expiresAt === 'string' &&
    Array.isArray(value.plugins) &&
    value.plugins.every(isPlugin)
  );
}

function isPlugin(value: unknown): value is ManifestPlugin {
  return (
    isObject(value) &&
    Number.isSafeInteger(value.id) &&
    typeof value.name === 'string' &&
    typeof value.version === 'string' &&
    Number.isSafeInteger(value.size) &&
    (value.size as number) >= 0 &&
    typeof value.sha256 === 'string' &&
    SHA256_HEX.test(value.sha256)
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
