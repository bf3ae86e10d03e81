import path from 'node:path';
import type { PageRouteName } from '@ember/contracts/page-routes';
import type { Plugin } from 'vite';
import { HERO_POSTER } from '../src/features/landing/components/hero-media.ts';
import { type BudgetChunk, landingChunks } from './landing-budget.ts';

/**
 * What a page needs first besides the entry script, by page route: the lazy modules it renders
 * (their chunks, with the chunks and stylesheets those import) and the images of its largest
 * paint. The build writes the resolved file names to dist/route-preloads.json; the server names
 * them in that page's HTML (apps/server/src/plugins/page-preloads.ts), so they download alongside
 * the entry instead of after it. The shop API reads come from @ember/contracts/page-preloads.
 */
export const ROUTE_PRELOADS: Partial<Record<PageRouteName, { modules?: string[]; images?: string[] }>> = {
  home: { images: [HERO_POSTER] },
  shop: { modules: ['src/features/shop/pages/shop-page.tsx'] },
  plan: { modules: ['src/features/plans/pages/plan-page.tsx', 'src/components/ui/markdown/markdown.tsx'] },
  // A guest's /device is server-rendered (the sign-in prompt): its stylesheet applies without JavaScript.
  device: { modules: ['src/features/device/pages/device-page.tsx'] },
};

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreload {
  scripts: string[];
  styles: string[];
  images: string[];
}

type OutputChunk = BudgetChunk & {
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
};
type Bundle = Record<string, OutputChunk | { type: 'asset' }>;

/** Resolves ROUTE_PRELOADS against a bundle; throws naming a module that is no chunk of its own. */
export function resolveRoutePreloads(
  bundle: Bundle,
  root: string,
  table = ROUTE_PRELOADS,
): Partial<Record<PageRouteName, RoutePreload>> {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const alreadyLoaded = new Set(landingChunks(bundle).map((chunk) => chunk.fileName));
  const result: Partial<Record<PageRouteName, RoutePreload>> = {};
  for (const [route, { modules = [], images = [] }] of Object.entries(table)) {
    const files: string[] = [];
    const queue = modules.map((module) => {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(root, module));
      if (!chunk) throw new Error(`route-preloads: ${module} (page ${route}) is not a lazily loaded chunk.`);
      return chunk.fileName;
    });
    while (queue.length > 0) {
      const name = queue.shift() as string;
      if (alreadyLoaded.has(name) || files.includes(name)) continue;
      files.push(name);
      queue.push(...(byName.get(name)?.imports ?? []));
    }
    const styles = files.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
    result[route as PageRouteName] = {
      scripts: files.map((name) => `/${name}`),
      styles: [...new Set(styles)].map((name) => `/${name}`),
      images,
    };
  }
  return result;
}

/** Build only: writes dist/route-preloads.json. */
export function routePreloadsPlugin(root: string): Plugin {
  return {
    name: 'ember:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const preloads = resolveRoutePreloads(bundle as unknown as Bundle, root);
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
