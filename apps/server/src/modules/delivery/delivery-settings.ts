import { createHash } from 'node:crypto';
import { canonicalJson } from '@ember/contracts/client-api';
import type { RepositorySource } from './plugin-registry.repository.ts';

/**
 * The fingerprint of what, beside the commit, makes the delivered bytes: the obfuscation and its
 * config. An update whose commit AND fingerprint match the last published one has nothing new; a
 * changed setting publishes again on the next "Check for updates" (issue 32).
 */
export function deliverySettingsSha256(source: Pick<RepositorySource, 'obfuscation' | 'obfuscatorConfig'>) {
  const settings = { obfuscation: source.obfuscation, obfuscatorConfig: source.obfuscatorConfig };
  return createHash('sha256').update(canonicalJson(settings)).digest('hex');
}

/** The distinct versions of the published plugins, in plugins.json's order. */
export const publishedVersionsOf = (artifacts: readonly { version: string }[]) => [
  ...new Set(artifacts.map((artifact) => artifact.version)),
];
