import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { manifestKeysOf, parseMetadata } from '@ember/contracts/tuf';
import { Updater } from 'tuf-js';
import type { ManifestDependency, ManifestPlugin } from './manifest.ts';

/** A plugin whose artifact TUF does not vouch for; the message names the plugin. */
export class TargetRejected extends Error {
  override readonly name = 'TargetRejected';
}

/** The repository metadata did not verify (tampered, expired, rolled back, mixed): nothing is trusted. */
export class TrustRefreshFailed extends Error {
  override readonly name = 'TrustRefreshFailed';
}

/**
 * The client's trust (docs/trust.md): the root shipped with the client, updated only through the
 * root chain; tuf-js's Updater walks the spec's client workflow (root rotation, timestamp,
 * snapshot, targets and the developers' delegations, thresholds, expiry, rollback and freeze).
 * It answers two questions: which keys sign manifests now, and is this jar the one signed.
 */
export function createTufVerifier(options: {
  /** Where trusted metadata is kept between runs (the shipped root is copied there first). */
  dir: string;
  /** The root shipped with the client (apps/client/trust/root.json). */
  shippedRoot: string;
  /** The client API's address: server + base. */
  apiUrl: string;
}) {
  const rootFile = path.join(options.dir, 'root.json');
  let updater: Updater | null = null;

  async function refreshed(): Promise<Updater> {
    if (updater) return updater;
    await mkdir(options.dir, { recursive: true });
    await readFile(rootFile).catch(() => writeFile(rootFile, options.shippedRoot, { mode: 0o600 }));
    const fresh = new Updater({
      metadataDir: options.dir,
      metadataBaseUrl: `${options.apiUrl}/tuf/metadata`,
      targetBaseUrl: `${options.apiUrl}/tuf/targets`,
      config: { fetchRetries: 0 },
    });
    try {
      await fresh.refresh();
    } catch (error) {
      throw new TrustRefreshFailed(`The store's signed metadata was refused: ${(error as Error).message}`);
    }
    updater = fresh;
    return fresh;
  }

  return {
    /** The manifest signing keys the trusted root names (raw Ed25519, hex), after a refresh. */
    async manifestKeys(): Promise<string[]> {
      await refreshed();
      return manifestKeysOf(parseMetadata('root', JSON.parse(await readFile(rootFile, 'utf8'))));
    },

    /**
     * That `bytes` are the artifact TUF signs at the plugin's target, and that the manifest says
     * the same sha256 and size; an obfuscated build's provenance must be a developer-signed jar too.
     */
    async verify(plugin: ManifestPlugin, bytes: Uint8Array): Promise<void> {
      const trusted = await refreshed();
      const refuse = refuserOf(plugin);
      if (!plugin.target) throw refuse('the store published it without a developer signature.');
      const info = await signedTarget(trusted, refuse, plugin.target, plugin, bytes, 'the downloaded jar');
      const from = (info.custom as { obfuscatedFrom?: { target?: string; sha256?: string } }).obfuscatedFrom;
      if (plugin.target.startsWith('obfuscated/')) {
        const input = from?.target
          ? await trusted.getTargetInfo(from.target).catch(() => undefined)
          : undefined;
        if (!input || input.hashes.sha256 !== from?.sha256) {
          throw refuse('the store obfuscated it from a jar its developer did not sign.');
        }
      }
    },

    /**
     * That a jar the plugin bundles is the one its developer signed at the dependency's target,
     * with the manifest's sha256 and size (bundled jars are never obfuscated: the developer's role
     * signs them as delivered).
     */
    async verifyDependency(
      plugin: ManifestPlugin,
      dependency: ManifestDependency,
      bytes: Uint8Array,
    ): Promise<void> {
      const trusted = await refreshed();
      const refuse = refuserOf(plugin);
      if (!dependency.target) throw refuse('a jar it bundles was published without a developer signature.');
      await signedTarget(trusted, refuse, dependency.target, dependency, bytes, 'the bundled jar');
    },
  };
}

const refuserOf = (plugin: ManifestPlugin) => (why: string) =>
  new TargetRejected(`${plugin.name} ${plugin.version} is refused: ${why}`);

/** The target's signed info, after checking the manifest's sha256 and size and the bytes against it. */
async function signedTarget(
  trusted: Updater,
  refuse: (why: string) => TargetRejected,
  target: string,
  manifest: { sha256: string; size: number },
  bytes: Uint8Array,
  what: string,
) {
  const info = await trusted.getTargetInfo(target).catch((error: Error) => {
    throw refuse(`its signed metadata did not verify (${error.message}).`);
  });
  if (!info) throw refuse(`no signed target ${target} in the repository.`);
  if (info.hashes.sha256 !== manifest.sha256 || info.length !== manifest.size) {
    throw refuse(`the manifest's sha256 and size are not the ones signed for ${target}.`);
  }
  await info.verify(Readable.from(Buffer.from(bytes))).catch(() => {
    throw refuse(`${what} is not the one signed for ${target}.`);
  });
  return info;
}

export type TufVerifier = ReturnType<typeof createTufVerifier>;
