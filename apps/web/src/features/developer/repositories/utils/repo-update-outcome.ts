import type { RepoUpdateResponse } from '@ember/contracts/repo-updates';

export const shortCommit = (sha: string) => sha.slice(0, 7);

/**
 * What a finished update did, in words (issue 32): "Published v1.1.0 (2 plugins)" or
 * "Up to date (no change since be4d761)". Null for an update finished before outcomes were kept.
 */
export function doneOutcomeText(update: RepoUpdateResponse): string | null {
  if (update.outcome === 'UNCHANGED') {
    return update.commitSha ? `Up to date (no change since ${shortCommit(update.commitSha)})` : 'Up to date';
  }
  if (update.outcome === 'PUBLISHED') {
    const versions = update.publishedVersions.map((version) => `v${version}`).join(', ');
    const count = update.publishedPlugins ?? 0;
    return `Published ${versions} (${count} ${count === 1 ? 'plugin' : 'plugins'})`;
  }
  return null;
}
