import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS, resolveRoutePreloads } from './dev/route-preloads.ts';

const ROOT = '/repo/apps/web/';
const chunk = (fileName: string, over: Record<string, unknown> = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: false,
  facadeModuleId: null as string | null,
  imports: [] as string[],
  moduleIds: [],
  code: '',
  ...over,
});

describe('dist/route-preloads.json', () => {
  it('lists a page chunk with what it imports, minus what the entry already loads, and their stylesheets', () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', { isEntry: true }),
        chunk('assets/shop-page.js', {
          facadeModuleId: `${ROOT}src/features/shop/pages/shop-page.tsx`,
          imports: ['assets/index.js', 'assets/shared.js'],
          viteMetadata: { importedCss: new Set(['assets/shop-page.css']) },
        }),
        chunk('assets/shared.js', { imports: ['assets/index.js'] }),
      ].map((c) => [c.fileName, c]),
    );
    const table = {
      shop: { modules: ['src/features/shop/pages/shop-page.tsx'] },
      home: { images: ['/p.jpg'] },
    };
    expect(resolveRoutePreloads(bundle, ROOT, table)).toEqual({
      shop: {
        scripts: ['/assets/shop-page.js', '/assets/shared.js'],
        styles: ['/assets/shop-page.css'],
        images: [],
      },
      home: { scripts: [], styles: [], images: ['/p.jpg'] },
    });
  });

  it('fails the build when a listed module is not a chunk of its own', () => {
    const bundle = { 'assets/index.js': chunk('assets/index.js', { isEntry: true }) };
    expect(() => resolveRoutePreloads(bundle, ROOT, { shop: { modules: ['src/gone.tsx'] } })).toThrow(
      'src/gone.tsx (page shop) is not a lazily loaded chunk',
    );
  });

  it('names modules and images that exist', () => {
    const webRoot = path.dirname(new URL(import.meta.url).pathname);
    for (const { modules = [], images = [] } of Object.values(ROUTE_PRELOADS)) {
      for (const module of modules) expect(existsSync(path.join(webRoot, module)), module).toBe(true);
      for (const image of images) expect(existsSync(path.join(webRoot, 'public', image)), image).toBe(true);
    }
  });
});
