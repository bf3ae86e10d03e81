import type { PageAnswer } from './page-reads.ts';
import type { PublicConfig } from './public-config.ts';

/**
 * The contract between the server and the web's page renderer (apps/web/src/entry-server.tsx, built
 * to apps/web/dist-server/entry-server.js and loaded by apps/server/src/plugins/page-rendering.ts).
 * Both sides import these types; the renderer is checked against `PageRendererModule`. A render is a
 * function of what it is given (decision 0046): it reads nothing and the module keeps no settings.
 */

/** Everything one render depends on. */
export interface RenderInput {
  /** The page's address (path and query). */
  url: string;
  /** The answers of the page's reads (`pageReadsOf`, page-reads.ts), gathered by the server. */
  state: PageAnswer[];
  config: PublicConfig;
  /** The language numbers and dates are written in (`UI_LOCALE`, decision 0039). */
  locale: string;
}

/** A page as the renderer gives it back: the markup of #root, the answers it came from, its title. */
export interface RendererOutput {
  /** The markup of #root. */
  html: string;
  /** The answers as the browser's query cache starts with them (TanStack Query's dehydrated state). */
  state: unknown;
  /** The page's own title, as the app sets it ("Plugins · Ember"). */
  title?: string;
}

/** What the built renderer module exports. */
export interface PageRendererModule {
  /**
   * Renders one address: null when it is not a page the server renders (page-routes.ts
   * `renderedRouteOf`); throws when the render fails or takes too long.
   */
  render(input: RenderInput): Promise<RendererOutput | null>;
}
