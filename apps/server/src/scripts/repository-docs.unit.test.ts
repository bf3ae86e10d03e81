import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 26, item 16: the repository documents itself. The README's commands run, its configuration
// table names every variable the server reads, its links and the docs' links stay inside the
// repository and lead somewhere, and the indexes list what they index.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const README = read('README.md');
const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts;

/** Markdown files that say what the product is and how it is built. */
const DOCS = ['README.md', 'docs/architecture.md', 'docs/product.md', 'docs/decisions/README.md'];

/** The variables `parseEnv` knows: the keys of the object schema in env.ts. */
function environmentVariables(): string[] {
  const source = read('apps/server/src/config/env.ts');
  const schema = source.slice(source.indexOf('const envSchema'), source.indexOf('.superRefine('));
  return [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] as string);
}

/** Links of a markdown file: [text](target), without the #fragment; web addresses left out. */
function localLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] as string).split('#')[0] as string)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('the README', () => {
  it('names only commands that package.json has', () => {
    const named = new Set([...README.matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1] as string));
    for (const alias of ['start', 'test'] as const) {
      if (README.includes(`npm ${alias}`)) named.add(alias);
    }
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((name) => !(name in scripts))).toEqual([]);
  });

  it('lists the quick start, the test, bench, client and worker commands', () => {
    for (const command of [
      'npm ci',
      'npm start',
      'npm test',
      'npm run bench',
      'npm run client',
      'npm run worker',
    ]) {
      expect(README).toContain(command);
    }
  });

  it('has every variable the server reads in its configuration table', () => {
    const variables = environmentVariables();
    expect(variables.length).toBeGreaterThan(50);
    const table = README.slice(README.indexOf('## Configuration'));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    expect(variables.filter((name) => !rows.some((row) => row.includes(`\`${name}\``)))).toEqual([]);
  });

  it('links to the architecture, the decision records and the protocol documents', () => {
    for (const doc of [
      'docs/architecture.md',
      'docs/decisions/README.md',
      'docs/client-api.md',
      'docs/plugins-json.md',
      'docs/product.md',
    ]) {
      expect(localLinks(README)).toContain(doc);
    }
  });
});

describe('the documentation', () => {
  it.each(DOCS)('%s links only to files of this repository that exist', (file) => {
    const folder = path.dirname(path.join(ROOT, file));
    const broken = localLinks(read(file)).filter((target) => {
      const resolved = path.resolve(folder, decodeURIComponent(target));
      return path.relative(ROOT, resolved).startsWith('..') || !existsSync(resolved);
    });
    expect(broken).toEqual([]);
  });

  it.each(DOCS)('%s sends no reader outside the repository for the product or its architecture', (file) => {
    // The README used to point at ../shared/spec/storefront-spec.md and ../shared/DESIGN.md.
    expect(read(file)).not.toMatch(/\.\.\/shared|\/work\/shared|DESIGN\.md/);
  });

  it('indexes every decision record', () => {
    const index = localLinks(read('docs/decisions/README.md'));
    const records = readdirSync(path.join(ROOT, 'docs/decisions')).filter((name) =>
      /^\d{4}-.*\.md$/.test(name),
    );
    expect(records.length).toBeGreaterThan(20);
    expect(records.filter((name) => !index.includes(name))).toEqual([]);
  });

  it('describes every server module in the architecture overview', () => {
    const architecture = read('docs/architecture.md');
    const modules = readdirSync(path.join(ROOT, 'apps/server/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.filter((name) => !architecture.includes(`\`${name}\``))).toEqual([]);
  });
});
