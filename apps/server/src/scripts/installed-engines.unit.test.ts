import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue 34, item 9: on the Node version the README names, `npm ci` warned twice (EBADENGINE:
// content-disposition@3 and cookie@2 want Node 22). Every package the lockfile installs must accept
// the oldest Node that package.json's `engines` and the README's Quick start allow (ADR 0042).

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface LockEntry {
  version?: string;
  link?: boolean;
  engines?: { node?: string } | string[];
}

const rootEngines: string = JSON.parse(read('package.json')).engines.node;
const oldestNode = semver.minVersion(rootEngines)?.version ?? '';
const lockPackages: Record<string, LockEntry> = JSON.parse(read('package-lock.json')).packages;

describe('the Node version the README promises', () => {
  it('is the one package.json names in engines', () => {
    const readmeNode = /On a machine with Node\.js (\d+\.\d+)\+/.exec(read('README.md'))?.[1];
    expect(readmeNode).toBeDefined();
    expect(oldestNode).toBe(`${readmeNode}.0`);
  });

  it('is accepted by every package npm ci installs, so it prints no EBADENGINE', () => {
    const refusing = Object.entries(lockPackages)
      .filter(([key, entry]) => key.includes('node_modules/') && !entry.link)
      .flatMap(([key, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!range || semver.satisfies(oldestNode, range)) return [];
        return [`${key.slice(key.lastIndexOf('node_modules/') + 13)}@${entry.version} wants Node ${range}`];
      });
    expect(refusing).toEqual([]);
  });
});
