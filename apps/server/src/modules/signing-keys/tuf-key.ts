import { createHash } from 'node:crypto';
import { canonicalize } from '@tufjs/canonical-json';

/** A developer's key as TUF 1.0 metadata writes it (spec §4.2 "KEY"). */
export interface TufEd25519Key {
  keytype: 'ed25519';
  scheme: 'ed25519';
  keyval: { public: string };
}

export const tufKeyOf = (publicKeyHex: string): TufEd25519Key => ({
  keytype: 'ed25519',
  scheme: 'ed25519',
  keyval: { public: publicKeyHex },
});

/**
 * The key's TUF key id: the sha256 (hex) of its canonical JSON (the OLPC form tuf-js and
 * python-tuf sign and hash), so delegations name the key exactly as a conforming client computes it.
 */
export const tufKeyId = (publicKeyHex: string): string =>
  createHash('sha256')
    .update(canonicalize(tufKeyOf(publicKeyHex)))
    .digest('hex');
