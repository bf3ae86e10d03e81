import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

// Issue 26, item 16: the repository documents itself. The README's commands run, its configuration
// table names every variable the server reads, its links and the docs' links stay inside the
// repository and lead somewhere, and the indexes list what they index. Issue 33 (decision 0045):
// sentences that used to drift are checked against what they describe: every decision record's
// status, the data model against the schema and its owners, the lint sentence against the script.

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

/** The decision records' file names. */
const decisionRecords = () =>
  readdirSync(path.join(ROOT, 'docs/decisions')).filter((name) => /^\d{4}-.*\.md$/.test(name));

/** The rows of the first markdown table after `heading`, as cells (its header and rule left out). */
function tableAfter(markdown: string, heading: string): string[][] {
  if (!markdown.includes(heading)) throw new Error(`No heading ${heading}`);
  const lines = markdown.slice(markdown.indexOf(heading)).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines.slice(start + 2, end).map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

/** Backticked names in a table cell. */
const codeNames = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);

/** Which module owns each db file (the module boundary config's list, decision 0035). */
const TABLE_OWNERS: Record<string, string> = createRequire(import.meta.url)(
  path.join(ROOT, 'packages/db/table-owners.cjs'),
);

/** The tables each schema file defines, with the module that owns the file; sorted by file. */
async function schemaTables() {
  const folder = path.join(ROOT, 'packages/db/src/schema');
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
    .sort();
  const described = [];
  for (const file of files) {
    const exported: Record<string, unknown> = await import(pathToFileURL(path.join(folder, file)).href);
    const tables = Object.values(exported)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable))
      .sort();
    if (tables.length > 0) described.push({ file, module: TABLE_OWNERS[`schema/${file}`], tables });
  }
  return described;
}

/** What names a step of an npm script: its program, or what node, npx or npm run runs. */
function stepName(step: string): string {
  const [program = '', ...rest] = step
    .trim()
    .split(/\s+/)
    .filter((word) => !/^[A-Z_]+=/.test(word));
  if (program === 'node' || program === 'npx') return rest.find((word) => !word.startsWith('-')) ?? program;
  if (program === 'npm' && rest[0] === 'run') return rest[1] ?? program;
  return program;
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

  it('names every step of `npm run lint` wherever it says what lint runs', () => {
    const steps = (scripts.lint ?? '')
      .split(/&&|\|\||;/)
      .map(stepName)
      .filter((name) => name !== 'true');
    expect(steps.length).toBeGreaterThan(1);
    // The command table's row, the Tests list and the CI paragraph each say what lint runs.
    const sentences = README.split('\n').filter((line) => /`npm run lint`|\blint \(/.test(line));
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    const missing = sentences.flatMap((line) =>
      steps
        .filter((step) => !line.toLowerCase().includes(step.toLowerCase()))
        .map((step) => ({ line, step })),
    );
    expect(missing).toEqual([]);
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
    const records = decisionRecords();
    expect(records.length).toBeGreaterThan(20);
    expect(records.filter((name) => !index.includes(name))).toEqual([]);
  });

  it('gives every decision record a status line', () => {
    const records = decisionRecords();
    expect(records.filter((name) => !/^Status: \S/m.test(read(`docs/decisions/${name}`)))).toEqual([]);
  });

  it("lists in the architecture's data model every table of the schema, in its file, with its owner", async () => {
    const documented = tableAfter(read('docs/architecture.md'), '## Data model')
      .map(([file = '', module = '', tables = '']) => ({
        file: codeNames(file)[0],
        module: codeNames(module)[0],
        tables: codeNames(tables).sort(),
      }))
      .sort((a, b) => (a.file ?? '').localeCompare(b.file ?? ''));
    const schema = await schemaTables();
    expect(schema.length).toBeGreaterThan(10);
    expect(schema.filter(({ module }) => module === undefined)).toEqual([]);
    expect(documented).toEqual(schema);
  });

  it('describes every server module in the architecture overview', () => {
    const architecture = read('docs/architecture.md');
    const modules = readdirSync(path.join(ROOT, 'apps/server/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.filter((name) => !architecture.includes(`\`${name}\``))).toEqual([]);
  });
});
