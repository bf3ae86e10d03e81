import type { Bootstrap } from '@ember/contracts/bootstrap';
import type { Env } from '../../config/env.ts';

const PLATFORM_FILES = {
  windows: { label: 'Windows', file: 'ember-setup-x64.exe' },
  windows32: { label: 'Windows (32-bit)', file: 'ember-setup-x86.exe' },
  windowsArm64: { label: 'Windows (ARM64)', file: 'ember-setup-arm64.exe' },
  mac: { label: 'macOS (Intel)', file: 'ember-x64.dmg' },
  macAarch64: { label: 'macOS (Apple Silicon)', file: 'ember-aarch64.dmg' },
  linux: { label: 'Linux', file: 'ember-x86_64.AppImage' },
  linuxAarch64: { label: 'Linux (ARM64)', file: 'ember-aarch64.AppImage' },
} as const;

/** The current published loader (client_releases), when there is one. */
export interface LoaderRelease {
  version: string;
  sha256: string;
  sizeBytes: number;
  createdAt: Date;
}

/**
 * The updater bootstrap document: one download address per platform of the current client release,
 * which is the published loader's version when one is published, else the configured CLIENT_VERSION.
 */
export function buildBootstrap(env: Env, releasedAt: Date, loader: LoaderRelease | null = null): Bootstrap {
  const base = env.DOWNLOADS_BASE_URL.replace(/\/$/, '');
  const version = loader?.version ?? env.CLIENT_VERSION;
  const platforms = Object.fromEntries(
    Object.entries(PLATFORM_FILES).map(([platform, { label, file }]) => [
      platform,
      { label, url: `${base}/${version}/${file}` },
    ]),
  );
  if (!loader) return { version, releasedAt: releasedAt.toISOString(), platforms };
  return {
    version,
    releasedAt: loader.createdAt.toISOString(),
    sha256: loader.sha256,
    size: loader.sizeBytes,
    platforms,
  };
}
