// The signing-keys module's public surface: code outside the module imports only from here (decision 0035).

import type { HandedDb } from './db.ts';
import { findActiveKeysOf } from './signing-keys.repository.ts';

export { signingKeysModule } from './signing-keys-module.ts';
export { type TufEd25519Key, tufKeyId, tufKeyOf } from './tuf-key.ts';

/** A key that may sign a developer's releases now, as the TUF repository's delegation names it. */
export interface ActiveSigningKey {
  keyid: string;
  publicKeyHex: string;
}

/** The developer's unrevoked keys, oldest first: the keys `plugins/{developerId}/*` is delegated to. */
export async function activeSigningKeys(db: HandedDb, developerId: number): Promise<ActiveSigningKey[]> {
  return (await findActiveKeysOf(db, [developerId])).map(({ keyid, publicKeyHex }) => ({
    keyid,
    publicKeyHex,
  }));
}

/** The same for many developers in one statement (every delegation of a targets refresh). */
export async function activeSigningKeysByDeveloper(
  db: HandedDb,
  developerIds: readonly number[],
): Promise<Map<number, ActiveSigningKey[]>> {
  const byDeveloper = new Map<number, ActiveSigningKey[]>(developerIds.map((id) => [id, []]));
  for (const { developerId, keyid, publicKeyHex } of await findActiveKeysOf(db, developerIds)) {
    byDeveloper.get(developerId)?.push({ keyid, publicKeyHex });
  }
  return byDeveloper;
}

/** Every developer's unrevoked keys: what an operator's top-level targets delegates (docs/trust.md). */
export async function everyActiveSigningKey(
  db: HandedDb,
): Promise<{ developerId: number; publicKeysHex: string[] }[]> {
  const byDeveloper = new Map<number, string[]>();
  for (const { developerId, publicKeyHex } of await findActiveKeysOf(db, 'all')) {
    byDeveloper.set(developerId, [...(byDeveloper.get(developerId) ?? []), publicKeyHex]);
  }
  return [...byDeveloper].map(([developerId, publicKeysHex]) => ({ developerId, publicKeysHex }));
}
