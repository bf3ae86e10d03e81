#!/usr/bin/env node
// One ES module of apps/server/src/server.ts for the tests that start the server in child processes
// (decision 0080): `node --import tsx` spends about 1.8 CPU s loading ~900 TypeScript modules through
// tsx's loader thread on every start; the same source bundled by the same transpiler (esbuild, which
// tsx runs per file) starts in half that. Each file's `import.meta.url` stays its own source file's,
// so paths relative to it (migrations, content, the web build) resolve as from the source.
// Packages stay external, loaded from node_modules as `npm run serve` loads them.
// Usage: node scripts/build-server-bundle.mjs <out.mjs> (inside the repository, where node_modules
// resolve; scripts/test.mjs names it).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = process.argv[2];
if (!outfile) throw new Error('Usage: node scripts/build-server-bundle.mjs <out.mjs>');

const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(builder) {
    // Bare imports stay packages, except the workspace's own (TypeScript source, bundled).
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ember/') ? undefined : { external: true },
    );
    builder.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

await build({
  entryPoints: [path.join(root, 'apps/server/src/server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages in CommonJS that call require() from inside the bundle get one relative to it.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [keepImportMetaUrl],
  logLevel: 'warning',
});
