// Lint step: SQL text in a server module names only the module's own tables (decision 0070).
// Drizzle's typed queries are kept in bounds by each module's narrowed Db and dependency-cruiser;
// SQL text (sql`…` templates and raw SQL strings) is invisible to both, so this reads it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLE_OWNERS = createRequire(import.meta.url)('../packages/db/table-owners.cjs');

const isTest = (file) => /\.(test|fixtures)\.ts$/.test(file);

/** SQL table name → owning module, read from the schema files' `pgTable('name', …)` calls. */
export function tableOwners(root = ROOT) {
  const owners = new Map();
  for (const [file, owner] of Object.entries(TABLE_OWNERS)) {
    if (!file.startsWith('schema/')) continue;
    const source = readFileSync(path.join(root, 'packages/db/src', file), 'utf8');
    for (const [, table] of source.matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) owners.set(table, owner);
  }
  return owners;
}

/** The SQL text of a source file: sql`…` templates and string literals that read as SQL. */
export function sqlTexts(source) {
  const texts = [];
  for (const [, text] of source.matchAll(/\bsql(?:\.raw)?`((?:[^`\\]|\\.)*)`/g)) texts.push(text);
  for (const [, , text] of source.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)) {
    if (/\b(select|insert into|update|delete from)\b[\s\S]*\b(from|set|values|where)\b/i.test(text))
      texts.push(text);
  }
  return texts;
}

/** The tables a piece of SQL names: after from/join/update/into/table, or qualifying a column. */
export function tablesNamed(text, tables) {
  const named = new Set();
  for (const table of tables) {
    const name = `"?${table}"?`;
    const used = new RegExp(
      `\\b(from|join|update|into|table|exists)\\s+(only\\s+)?${name}(?![\\w(])|(?<![\\w.$])${name}\\.(?=["a-z_])`,
      'i',
    );
    if (used.test(text)) named.add(table);
  }
  return named;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith('.ts') && !isTest(entry.name)) yield full;
  }
}

/** Writes to users.balance/earnings: those are the books' (decision 0071), which post journals. */
export function booksColumnWrites(source) {
  return /\.set\(\{[^})]*\b(balance|earnings)\s*:|\bset\s+"?(balance|earnings)"?\s*=/i.test(source);
}

/** Every module file's SQL text naming a table another module owns, and writes of the books' columns. */
export function findViolations(root = ROOT) {
  const owners = tableOwners(root);
  const violations = [];
  const check = (file, owner) => {
    const source = readFileSync(file, 'utf8');
    if (file.includes(`${path.sep}modules${path.sep}`) && booksColumnWrites(source)) {
      violations.push({
        file: path.relative(root, file),
        table: 'users.balance/earnings',
        owner,
        tableOwner: 'books',
      });
    }
    const named = new Set(sqlTexts(source).flatMap((text) => [...tablesNamed(text, owners.keys())]));
    for (const table of named) {
      const tableOwner = owners.get(table);
      if (tableOwner !== owner)
        violations.push({ file: path.relative(root, file), table, owner, tableOwner });
    }
  };
  const modules = path.join(root, 'apps/server/src/modules');
  for (const module of readdirSync(modules)) {
    for (const file of sourceFiles(path.join(modules, module))) check(file, module);
  }
  for (const [file, owner] of Object.entries(TABLE_OWNERS)) {
    if (!file.startsWith('schema/')) check(path.join(root, 'packages/db/src', file), owner);
  }
  return violations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const violations = findViolations();
  for (const v of violations) {
    console.error(
      `${v.file}: SQL text names ${v.table}, a table of the ${v.tableOwner} module (this is ${v.owner}); ` +
        `call or join what ${v.tableOwner}'s index offers`,
    );
  }
  if (violations.length > 0) process.exit(1);
  console.log('lint-sql-tables: every module’s SQL text names its own tables only');
}
