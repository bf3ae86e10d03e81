import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalBytes, canonicalJson } from './canonical-json.ts';
import type { ManifestEnvelope, SignedManifestBody, TrustedKey } from './manifest.ts';
import { type ManifestExpectations, ManifestRejected, verifyManifest } from './manifest-verifier.ts';

const NOW = new Date('2026-11-25T18:30:00.000Z');

function keyPair(keyId: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { pinned: { keyId, publicKey: raw.toString('base64') } satisfies TrustedKey, privateKey };
}
const current = keyPair('ember-2026-11');
const next = keyPair('ember-2027-05');
const stranger = keyPair('someone-else');

function body(overrides: Partial<SignedManifestBody> = {}): SignedManifestBody {
  return {
    type: 'ember-plugin-manifest',
    userId: 7,
    version: 42,
    issuedAt: '2026-11-25T18:00:00.000Z',
    expiresAt: '2026-11-25T19:00:00.000Z',
    plugins: [
      { id: 12, name: 'Fletcher', version: '1.4.0', size: 52344, sha256: 'a'.repeat(64) },
      { id: 14, name: 'Gem Crafter', version: '0.9.1', size: 1024, sha256: 'b'.repeat(64) },
    ],
    ...overrides,
  };
}

function signed(
  signedBody: SignedManifestBody,
  by: { pinned: TrustedKey; privateKey: KeyObject },
): ManifestEnvelope {
  const sig = sign(null, canonicalBytes(signedBody), by.privateKey).toString('base64');
  return { signed: signedBody, signatures: [{ keyId: by.pinned.keyId, sig }] };
}

const expectations = (overrides: Partial<ManifestExpectations> = {}): ManifestExpectations => ({
  trustedKeys: [current.pinned, next.pinned],
  userId: 7,
  acceptedVersions: { '7': 41 },
  now: NOW,
  ...overrides,
});

const refusal = (envelope: unknown, expect: ManifestExpectations) => {
  try {
    verifyManifest(envelope, expect);
  } catch (error) {
    if (error instanceof ManifestRejected) return error.message;
    throw error;
  }
  throw new Error('the manifest was accepted');
};

describe('verifyManifest', () => {
  it('accepts a valid manifest signed by the current key', () => {
    expect(verifyManifest(signed(body(), current), expectations())).toEqual(body());
  });

  it('accepts one signed by the next key, published ahead of a rotation', () => {
    expect(verifyManifest(signed(body(), next), expectations()).version).toBe(42);
  });

  it('accepts the first manifest after sign-in, when the user is not known yet', () => {
    const accepted = verifyManifest(
      signed(body(), current),
      expectations({ userId: undefined, acceptedVersions: {} }),
    );
    expect(accepted.userId).toBe(7);
  });

  it('refuses a tampered manifest: one plugin sha256 changed after signing', () => {
    const envelope = signed(body(), current);
    const plugin = envelope.signed.plugins[0];
    if (plugin) plugin.sha256 = 'c'.repeat(64);
    expect(refusal(envelope, expectations())).toMatch(
      /signature does not verify under a key the trusted root names/,
    );
  });

  it('refuses a manifest whose signature was made over a reordered (non-canonical) encoding', () => {
    const signedBody = body();
    const sig = sign(null, Buffer.from(JSON.stringify(signedBody)), current.privateKey).toString('base64');
    expect(
      refusal({ signed: signedBody, signatures: [{ keyId: current.pinned.keyId, sig }] }, expectations()),
    ).toMatch(/does not verify/);
  });

  it('refuses an expired manifest', () => {
    const envelope = signed(body({ expiresAt: '2026-11-25T18:29:59.000Z' }), current);
    expect(refusal(envelope, expectations())).toBe('The manifest expired at 2026-11-25T18:29:59.000Z.');
  });

  it('refuses a manifest signed by a key the trusted root does not name', () => {
    expect(refusal(signed(body(), stranger), expectations())).toMatch(/signed by: someone-else\)/);
  });

  it('refuses a signature from another key presented under a trusted key id', () => {
    const envelope = signed(body(), stranger);
    const signature = envelope.signatures[0];
    if (signature) signature.keyId = current.pinned.keyId;
    expect(refusal(envelope, expectations())).toMatch(/does not verify/);
  });

  it('refuses a manifest for another user, validly signed', () => {
    expect(refusal(signed(body({ userId: 8 }), current), expectations())).toBe(
      'The manifest is for user 8, not for you (user 7).',
    );
  });

  it('refuses an older or an equal version (rollback or replay)', () => {
    expect(refusal(signed(body({ version: 40 }), current), expectations())).toMatch(
      /version 40, not newer than version 41/,
    );
    expect(refusal(signed(body({ version: 41 }), current), expectations())).toMatch(
      /version 41, not newer than version 41/,
    );
  });

  it('counts versions per user', () => {
    const forEight = signed(body({ userId: 8, version: 3 }), current);
    expect(verifyManifest(forEight, expectations({ userId: undefined })).version).toBe(3);
  });

  it('refuses malformed envelopes and content with a clear message', () => {
    expect(refusal({ signed: body() }, expectations())).toBe('The manifest is malformed.');
    const badPlugin = body({ plugins: [{ id: 1, name: 'X', version: '1', size: -1, sha256: 'nope' }] });
    expect(refusal(signed(badPlugin, current), expectations())).toBe('The manifest content is malformed.');
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order, and has no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 'é' }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":"é","z":1}]},"b":1}',
    );
  });
});
