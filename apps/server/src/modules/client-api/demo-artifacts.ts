import { demoArtifactBytes } from '@ember/db/demo/demo-artifacts';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { sha256Hex } from '../../integrations/blob-store/local-blob-store.ts';
import { findPluginsWithArtifacts } from '../delivery/index.ts';
import type { HandedDb } from './db.ts';

export { demoArtifactBytes };

/** A seeded demo plugin whose artifact is in the blob store. */
export type DemoPlugin = Awaited<ReturnType<typeof giveDemoArtifacts>>[number];

/**
 * The demo catalog's plugins come from the seed, not from a repository update: the seed records
 * the sha256 and size of each one's demo artifact, and this puts those bytes in the blob store.
 * Outside production (the caller checks); plugins a real update registered are left alone (their
 * artifact is not a demo one), and running it again stores nothing new. Gives the demo plugins,
 * whose releases the local trust signs (decision 0064).
 */
export async function giveDemoArtifacts(db: HandedDb, blobs: BlobStore) {
  const registered = await findPluginsWithArtifacts(db);
  const demo = registered
    .map((plugin) => ({ ...plugin, bytes: demoArtifactBytes(plugin.name, plugin.version) }))
    .filter((plugin) => sha256Hex(plugin.bytes) === plugin.sha256);
  const missing = (
    await Promise.all(demo.map(async (plugin) => ((await blobs.has(plugin.sha256 ?? '')) ? null : plugin)))
  ).filter((plugin) => plugin !== null);
  await Promise.all(missing.map((plugin) => blobs.put(plugin.bytes)));
  return demo.map(({ id, developerId, name, version, sha256, bytes }) => ({
    id,
    developerId,
    name,
    version,
    sha256: sha256 ?? '',
    size: bytes.length,
  }));
}
