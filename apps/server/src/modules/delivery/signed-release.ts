import { dependencyTargetPath, obfuscatedTargetPath, pluginTargetPath } from '@ember/contracts/tuf';
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

/** An approved jar a plugin bundles (`dependencies`), by its path in the repository. */
export interface BundledJar {
  path: string;
  sha256: string;
  size: number;
}

export interface SignedJar {
  name: string;
  version: string;
  /** The jar as the developer built (and signed) it. */
  sha256: string;
  size: number;
  /** The bytes delivered, when the store obfuscated them. */
  delivered: { sha256: string; size: number } | null;
  /** Delivered as committed (never obfuscated), so the developer's signature covers them as they are. */
  dependencies: BundledJar[];
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
  if (releaseBytes === null) {
    return {
      targets: new Map<string, string>(),
      dependencyTargets: new Map<string, string>(),
      publish: null,
    };
  }
  // Delegations the operator signed since the last refresh count at once: a developer whose key was
  // just signed in need not wait for the job (docs/trust.md).
  await tuf.refresh();
  let checked: Awaited<ReturnType<ReleaseTuf['checkDeveloperRole']>>;
  try {
    checked = await tuf.checkDeveloperRole(developerId, Buffer.from(releaseBytes).toString('utf8'));
  } catch (error) {
    if (error instanceof SignedFileRejected)
      throw new RepoUpdateRejected(`${RELEASE_FILE}: ${error.message}`);
    throw error;
  }
  const signedTargets = (checked.metadata.signed as Targets).targets;
  const targets = new Map<string, string>();
  const dependencyTargets = new Map<string, string>();
  const obfuscated = [];
  for (const jar of jars) {
    const path = pluginTargetPath(developerId, jar.name, jar.version);
    const plugin = `${jar.name} ${jar.version}`;
    checkSigned(signedTargets, path, jar, plugin, 'the jar in the repository');
    for (const dependency of jar.dependencies) {
      const target = dependencyTargetPath(developerId, dependency.path, dependency.sha256);
      checkSigned(signedTargets, target, dependency, plugin, `its dependency ${dependency.path}`);
      dependencyTargets.set(dependency.path, target);
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
    dependencyTargets,
    publish: { role: checked.role, metadata: checked.metadata, body: checked.body, obfuscated },
  };
}

/** Throws the readable reason when the role does not sign these exact bytes at `path`. */
function checkSigned(
  signedTargets: Targets['targets'],
  path: string,
  file: { sha256: string; size: number },
  plugin: string,
  what: string,
) {
  const signed = signedTargets[path];
  if (!signed) {
    throw new RepoUpdateRejected(
      `${plugin}: ${RELEASE_FILE} does not sign ${path}. Sign the release again after changing ${MANIFEST_FILE} (npm run release -- sign).`,
    );
  }
  if (signed.hashes.sha256 !== file.sha256 || signed.length !== file.size) {
    throw new RepoUpdateRejected(
      `${plugin}: ${what} (sha256 ${file.sha256}, ${file.size} bytes) is not the one ${RELEASE_FILE} signs (sha256 ${signed.hashes.sha256}, ${signed.length} bytes). Sign the release again (npm run release -- sign).`,
    );
  }
}
