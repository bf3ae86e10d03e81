import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 33: no production source file of the server (and the packages it is built from) is over
// 350 lines; scripts, seed data, tests and test support are not counted.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAX_LINES = 350;
const SOURCE_ROOTS = ['apps/server/src', 'packages/contracts/src', 'packages/db/src'];
const NOT_PRODUCTION = [
  /\.test\.ts$/,
  /\.fixtures\.ts$/,
  /\/testing\//,
  /\/__fixtures__\//,
  /^apps\/server\/src\/scripts\//,
  /^packages\/db\/src\/seed\//,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !NOT_PRODUCTION.some((pattern) => pattern.test(file)) ? [file] : [];
  });
}

const lineCount = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1;

describe('production server files', () => {
  const sizes = SOURCE_ROOTS.flatMap(sourceFiles).map((file) => ({ file, lines: lineCount(file) }));

  it(`are at most ${MAX_LINES} lines each`, () => {
    const over = sizes.filter(({ lines }) => lines > MAX_LINES);
    expect(over).toEqual([]);
  });

  it('are found (the walk reads the tree)', () => {
    expect(sizes.length).toBeGreaterThan(300);
    expect(sizes.map(({ file }) => file)).toContain('apps/server/src/app.ts');
  });
});
