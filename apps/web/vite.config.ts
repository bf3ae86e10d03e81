/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { landingBudgetPlugin } from './dev/landing-budget.ts';
import { routePreloadsPlugin } from './dev/route-preloads.ts';
import { fetchAuthorizeLocation, signInReturnWarning } from './dev/sign-in-return.ts';

/** Where `npm run dev` (the API server) listens while the web app runs under the Vite dev server. */
const API_ORIGIN = 'http://localhost:3000';
/** The comment inside `<script id="app-config">` that the server replaces with the public config JSON. */
const APP_CONFIG_PLACEHOLDER = '<!--APP_CONFIG-->';
const PUBLIC_CONFIG_URL = `${API_ORIGIN}/api/public-config`;

/**
 * Dev only: does what the server does at serve time, i.e. embeds the runtime config into index.html.
 * When the API server is not running the placeholder stays and the app uses its built-in defaults.
 */
function devPublicConfigPlugin(): Plugin {
  return {
    name: 'ember:dev-public-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      try {
        const response = await fetch(PUBLIC_CONFIG_URL, { signal: AbortSignal.timeout(1500) });
        if (!response.ok) return html;
        const json = JSON.stringify(await response.json()).replace(/</g, '\\u003c');
        return html.replace(APP_CONFIG_PLACEHOLDER, json);
      } catch {
        return html;
      }
    },
  };
}

/**
 * Build only: always a production bundle. `.env.example` sets NODE_ENV=development for the server,
 * and Vite would otherwise build React's development bundle whenever the shell exports it.
 */
function productionBuildPlugin(): Plugin {
  return {
    name: 'ember:production-build',
    apply: 'build',
    config() {
      process.env.NODE_ENV = 'production';
    },
  };
}

/** Dev only: warns when the API's PUBLIC_URL would send a sign-in back to the API, not to this server. */
function devSignInReturnPlugin(): Plugin {
  return {
    name: 'ember:dev-sign-in-return',
    apply: 'serve',
    configureServer(server) {
      server.httpServer?.once('listening', async () => {
        const address = server.httpServer?.address();
        if (!address || typeof address === 'string') return;
        const devServerUrl = `http://localhost:${address.port}/`;
        const warning = signInReturnWarning(await fetchAuthorizeLocation(API_ORIGIN), devServerUrl);
        if (warning) server.config.logger.warn(warning);
      });
    },
  };
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

/**
 * Build only: writes .br and .gz next to every compressible asset so the server sends them
 * pre-compressed (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompressPlugin(): Plugin {
  // The folder this build writes (a build with --outDir elsewhere compresses its own files).
  let outDir = path.join(WEB_ROOT, 'dist');
  return {
    name: 'ember:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((entry) => {
          const full = path.join(dir, entry);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      // Small files too: without a .br beside it, a 300-byte label icon was brotli-streamed by the
      // server on every request (a stream's size is not checked against the threshold), 5 times
      // the CPU of /healthz; the shop page asks for 26 of them.
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        for (const [suffix, compressed] of [
          ['br', brotliCompressSync(content)],
          ['gz', gzipSync(content, { level: 9 })],
        ] as const)
          if (compressed.length < content.length) writeFileSync(`${file}.${suffix}`, compressed);
      }
    },
  };
}

/** Vendor-only chunks are named after their package ("react-toastify-….js") instead of "dist-….js". */
function chunkFileName(chunk: { name: string; moduleIds: readonly string[] }): string {
  if (chunk.name === 'dist' || chunk.name === 'index') {
    const vendor = chunk.moduleIds
      .map((id) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1])
      .find((name) => name !== undefined);
    if (vendor && chunk.moduleIds.every((id) => id.includes('/node_modules/'))) {
      return `assets/${vendor.replace('@', '').replace('/', '-')}-[hash].js`;
    }
  }
  return 'assets/[name]-[hash].js';
}

const SHARED_BY_PAGES =
  /packages[\\/]contracts|node_modules[\\/]zod[\\/]|apps[\\/]web[\\/]src[\\/](lib|hooks|config|styles)[\\/]|apps[\\/]web[\\/]src[\\/]components[\\/].*\.module\.css/;

const proxyToApi = { target: API_ORIGIN, changeOrigin: false };

const WEB_ROOT = new URL('.', import.meta.url).pathname;

/**
 * `vite build --ssr src/entry-server.tsx`: the server's page renderer (decision 0024), one Node module
 * in dist-server with every dependency bundled (CSS modules resolve to the same class names as in
 * the browser build; the stylesheets themselves come from the browser build).
 */
const serverRendererBuild = defineConfig({
  root: WEB_ROOT,
  plugins: [react(), productionBuildPlugin()],
  ssr: { noExternal: true },
  build: { outDir: 'dist-server', emptyOutDir: true, sourcemap: false, copyPublicDir: false },
});

const browserBuild = defineConfig({
  root: WEB_ROOT,
  plugins: [
    react(),
    productionBuildPlugin(),
    devPublicConfigPlugin(),
    devSignInReturnPlugin(),
    precompressPlugin(),
    landingBudgetPlugin(),
    routePreloadsPlugin(WEB_ROOT),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the site supports knows <link rel="modulepreload"> (Chromium 66, Firefox 115,
    // Safari 17); one that does not still loads each module when it is imported. Not shipping the
    // polyfill keeps about 500 bytes gzip off the landing page's budget (issue 34, item 8).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        codeSplitting: {
          groups: [
            // Everything the entry imports statically goes into the entry chunk: one script (and one
            // stylesheet) for the first page instead of a handful of small shared chunks, each a
            // request and a separate gzip window. Lazy pages import what they share with it from there.
            { name: 'index', tags: ['$initial'] },
            // What two or more lazy pages share of the contracts, zod, the app's lib/hooks/config/styles
            // and the shared components' stylesheets: one chunk (and one stylesheet) instead of a dozen
            // tiny ones (the shop page needed 18 requests, the plan page 27; with the shared stylesheets
            // of issue 33 apart, 11 and 19 stylesheets, together 3 each for ~2 KB more gzip).
            { name: 'shared', minShareCount: 2, test: SHARED_BY_PAGES },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': proxyToApi,
      '/fake-discord': proxyToApi,
      '/healthz': proxyToApi,
      '/bootstrap.json': proxyToApi,
      '^/[^/]+\\.md$': proxyToApi,
    },
  },
  test: {
    setupFiles: [`${WEB_ROOT}src/test/setup.ts`],
    restoreMocks: true,
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRendererBuild : browserBuild));
