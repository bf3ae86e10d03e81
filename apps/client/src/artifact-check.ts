import { createHash } from 'node:crypto';
import type { ManifestPlugin } from './manifest.ts';

export class ArtifactRejected extends Error {
  override readonly name = 'ArtifactRejected';
}

/** The downloaded bytes must be exactly what the signed manifest names: size and sha256. */
export function checkArtifact(plugin: ManifestPlugin, bytes: Uint8Array): void {
  if (bytes.byteLength !== plugin.size) {
    throw new ArtifactRejected(
      `${plugin.name} ${plugin.version}: downloaded ${bytes.byteLength} bytes, the signed manifest says ${plugin.size}.`,
    );
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== plugin.sha256) {
    throw new ArtifactRejected(
      `${plugin.name} ${plugin.version}: the download's sha256 ${sha256} is not the signed manifest's ${plugin.sha256}.`,
    );
  }
}
