import type { PublicConfig } from './public-config.ts';

/**
 * The contract between the server and the web's page renderer (apps/web/src/entry-server.tsx, built
 * to apps/web/dist-server/entry-server.js and loaded by apps/server/src/plugins/page-rendering.ts).
 * Both sides import these types; the renderer is checked against `PageRendererModule`.
 */

/** What the renderer is given once, when the server loads it. */
export interface PageRendererOptions {
  config: PublicConfig;
  /** Answers the API calls of a render (the server answers them itself, as the browser would be). */
  fetch: typeof fetch;
  /** A render that takes longer is given up (the browser then renders the page). */
  timeoutMs?: number;
}

/** A page as the renderer gives it back: the markup of #root, the API answers it came from, its title. */
export interface RendererOutput {
  /** The markup of #root. */
  html: string;
  /** The API answers it was rendered from (TanStack Query's dehydrated state). */
  state: unknown;
  /** The page's own title, as the app sets it ("Plugins · Ember"). */
  title?: string;
}

/**
 * Renders one address (path and query): null when it is not a page the server renders
 * (page-routes.ts `renderedRouteOf`) or its plan is missing; throws when a read or the render fails.
 */
export type RenderPage = (url: string) => Promise<RendererOutput | null>;

/** What the built renderer module exports. */
export interface PageRendererModule {
  createPageRenderer(options: PageRendererOptions): RenderPage;
}
