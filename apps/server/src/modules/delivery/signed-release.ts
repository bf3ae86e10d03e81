import { obfuscatedTargetPath, pluginTargetPath } from '@ember/contracts/tuf';
import type { Targets } from '@tufjs/models';
import type { TufRepository } from '../tuf/index.ts';
import { SignedFileRejected } from '../tuf/index.ts';
import { MANIFEST_FILE, RepoUpdateRejected } from './plugins-manifest.ts';

/** The developer-signed release beside plugins.json (docs/plugins-json.md): their TUF role's metadata. */
export const RELEASE_FILE = 'plugins.targets.json';

export type ReleaseTuf = Pick<
  TufRepository,
  'checkDeveloperRole' | 'publishRole' | 'signObfuscated' | 'refresh'
>;

export interface SignedJar {
  name: string;
  version: string;
  /** The jar as the developer built (and signed) it. */
  sha256: string;
  size: number;
  /** The bytes delivered, when the store obfuscated them. */
  delivered: { sha256: string; size: number } | null;
}

/**
 * The release's TUF side: the developer's signed role must list every plugin's jar, byte for
 * byte; obfuscated builds go under the store's role with the signed input's sha256 as provenance.
 * Without the file the plugins are published unsigned: a verifying client refuses to run them.
 */
export async function checkSignedRelease(
  tuf: ReleaseTuf,
  developerId: number,
  releaseBytes: Uint8Array | null,
  jars: SignedJar[],
) {
  if (releaseBytes === null) return { targets: new Map<string, string | null>(), publish: null };
  let checked: Awaited<ReturnType<ReleaseTuf['checkDeveloperRole']>>;
  try {
    checked = await tuf.checkDeveloperRole(developerId, Buffer.from(releaseBytes).toString('utf8'));
  } catch (error) {
    if (error instanceof SignedFileRejected)
      throw new RepoUpdateRejected(`${RELEASE_FILE}: ${error.message}`);
    throw error;
  }
  const signedTargets = (checked.metadata.signed as Targets).targets;
  const targets = new Map<string, string | null>();
  const obfuscated = [];
  for (const jar of jars) {
    const path = pluginTargetPath(developerId, jar.name, jar.version);
    const signed = signedTargets[path];
    if (!signed) {
      throw new RepoUpdateRejected(
        `${jar.name} ${jar.version}: ${RELEASE_FILE} does not sign ${path}. Sign the release again after changing ${MANIFEST_FILE} (npm run release -- sign).`,
      );
    }
    if (signed.hashes.sha256 !== jar.sha256 || signed.length !== jar.size) {
      throw new RepoUpdateRejected(
        `${jar.name} ${jar.version}: the jar in the repository (sha256 ${jar.sha256}, ${jar.size} bytes) is not the one ${RELEASE_FILE} signs (sha256 ${signed.hashes.sha256}, ${signed.length} bytes). Sign the release again (npm run release -- sign).`,
      );
    }
    if (jar.delivered) {
      const target = obfuscatedTargetPath(developerId, jar.name, jar.version);
      obfuscated.push({ path: target, ...jar.delivered, inputSha256: jar.sha256, inputTarget: path });
      targets.set(jar.name, target);
    } else {
      targets.set(jar.name, path);
    }
  }
  return {
    targets,
    publish: { role: checked.role, metadata: checked.metadata, body: checked.body, obfuscated },
  };
}
