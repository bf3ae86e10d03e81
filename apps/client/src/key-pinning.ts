import type { PublishedKey } from './client-api.ts';
import type { PinnedKey } from './manifest.ts';

export class KeyPinningFailed extends Error {
  override readonly name = 'KeyPinningFailed';
}

/**
 * The keys to trust after a sign-in. With `onlyIds` (--pin), exactly those published key ids;
 * otherwise trust on first use: the published current and next keys. Keys pinned before stay, and
 * a pinned id that the server now publishes with other key material is refused, never re-pinned.
 */
export function pinKeys(
  pinned: readonly PinnedKey[],
  published: readonly PublishedKey[],
  onlyIds?: readonly string[],
): PinnedKey[] {
  const wanted = onlyIds
    ? onlyIds.map((keyId) => {
        const key = published.find((candidate) => candidate.keyId === keyId);
        if (!key) throw new KeyPinningFailed(`The server does not publish key ${keyId}.`);
        return key;
      })
    : published.filter((key) => key.status === 'current' || key.status === 'next');
  if (wanted.length === 0) throw new KeyPinningFailed('The server publishes no signing key to pin.');
  const result = [...pinned];
  for (const key of wanted) {
    const known = result.find((candidate) => candidate.keyId === key.keyId);
    if (known && known.publicKey !== key.publicKey) {
      throw new KeyPinningFailed(
        `The server now publishes different key material for the pinned key ${key.keyId}; refusing it.`,
      );
    }
    if (!known) result.push({ keyId: key.keyId, publicKey: key.publicKey });
  }
  return result;
}
