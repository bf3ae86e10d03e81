import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 33, decision 0068: the server's routes are declared in one shape, through declareRoutes,
// which fills each route's access gate, tags and security; no file registers one by hand.

const SRC = fileURLToPath(new URL('../', import.meta.url));
const HAND_REGISTERED = /\bapp\.(get|post|put|patch|delete|head|options|all|route)\s*[<(]/;

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'scripts' ? [] : productionFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('route declarations', () => {
  const files = productionFiles(SRC).map((file) => ({
    file: path.relative(SRC, file),
    text: readFileSync(file, 'utf8'),
  }));

  it('go through declareRoutes in every server file', () => {
    const byHand = files
      .filter(({ file, text }) => file !== 'plugins/define-route.ts' && HAND_REGISTERED.test(text))
      .map(({ file }) => file);
    expect(byHand).toEqual([]);
  });

  it('are found (the walk reads the route files)', () => {
    const declaring = files.filter(({ text }) => text.includes('declareRoutes(app'));
    expect(declaring.length).toBeGreaterThan(45);
  });
});
