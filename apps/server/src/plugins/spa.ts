import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_COOKIES } from '@ember/contracts/identity-constants';
import { isPageRoute, PAGE_ROUTES, renderedRouteOf } from '@ember/contracts/page-routes';
import type { PublicConfig } from '@ember/contracts/public-config';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { KeyedCache } from '../lib/cache/keyed-cache.ts';
import { declareRoutes } from './define-route.ts';
import { type LinkPreview, linkPreviewTags, type PreviewPlan } from './link-preview.ts';
import { pagePreloadTags, readRoutePreloads } from './page-preloads.ts';
import {
  jsonForScript,
  loadPageRenderer,
  type PageRenderer,
  pageRendererFileOf,
  type ReadPage,
  type RenderedPage,
  withRenderedPage,
} from './page-rendering.ts';
import { isHtmlNavigation, isPageRequest, pathnameOf } from './page-requests.ts';
import { withRenderedPageCache } from './rendered-page-cache.ts';

const CONFIG_PLACEHOLDER = '<!--APP_CONFIG-->';

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Web app not built</title>' +
  '<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>).</p>';

function embedConfig(html: string, config: PublicConfig): string {
  return html.replace(CONFIG_PLACEHOLDER, () => jsonForScript(config));
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (with the runtime config
 * and the page's link preview tags) for every page route of @ember/contracts/page-routes, whatever
 * the Accept header says, so client-side routing works on reload and `curl /shop` gets the page.
 * Any other page address gets index.html with status 404 (the app shows its 404 page), and so does a
 * browser opening a missing address with a dot (`/faq.html`: Accept: text/html); API calls, missing
 * files asked for by scripts or clients, and other methods that match no route get the JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    distDir: string;
    config: PublicConfig;
    /** A page's link preview; `renderedPlan`, the plan a rendered page was drawn from, is not read again. */
    previewOf: (pathname: string, renderedPlan?: PreviewPlan | null) => Promise<LinkPreview>;
    /** The web's page renderer; by default the one built next to distDir (apps/web/dist-server). */
    rendererFile?: string;
    /** Answers a rendered page's reads in-process (the catalog's `pageReads`, decision 0046). */
    readPage: ReadPage;
    /** Where a guest's rendered pages are kept (a keyed cache of the 'catalog' name, decision 0033). */
    renderedPages?: KeyedCache<RenderedPage | null>;
  },
) {
  const indexPath = path.join(options.distDir, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built ? embedConfig(readFileSync(indexPath, 'utf8'), options.config) : NOT_BUILT_PAGE;

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const routePreloads = built ? readRoutePreloads(options.distDir) : {};
  const renderer = built
    ? await loadPageRenderer({
        rendererFile: options.rendererFile ?? pageRendererFileOf(options.distDir),
        config: options.config,
        readPage: options.readPage,
      })
    : null;
  const renderPage: PageRenderer | null =
    renderer && options.renderedPages ? withRenderedPageCache(renderer, options.renderedPages) : renderer;

  /**
   * A guest's shop, plan and /device pages come rendered; a failed render leaves the page to the
   * browser, and so does an address over its limit: the view counts once against it (decision 0046).
   */
  async function renderedPageFor(request: FastifyRequest, hasSession: boolean): Promise<RenderedPage | null> {
    if (!renderPage || hasSession || request.method !== 'GET') return null;
    if (!renderedRouteOf(pathnameOf(request)) || !(await app.countPageView(request))) return null;
    try {
      return await renderPage(request.url);
    } catch (error) {
      request.log.warn({ err: error }, 'page render failed; serving the page for the browser to render');
      return null;
    }
  }

  /**
   * The page's preload tags and its link preview tags go last in <head>; a failed plan lookup must
   * not break the page itself.
   */
  async function pageFor(request: FastifyRequest): Promise<string> {
    if (!built) return indexHtml;
    const pathname = pathnameOf(request);
    const hasSession = Boolean(request.cookies?.[AUTH_COOKIES.token]);
    const rendered = await renderedPageFor(request, hasSession);
    const preloads = pagePreloadTags({
      preloads: routePreloads,
      pathname,
      search: request.url.slice(pathname.length),
      shopApiBase: options.config.api.shop,
      hasSession,
      rendered: rendered !== null,
    });
    let preview = '';
    try {
      preview = linkPreviewTags(await options.previewOf(pathname, rendered?.plan));
    } catch (error) {
      request.log.warn({ err: error }, 'link preview failed; serving the page without it');
    }
    const tags = [preloads, preview].filter((part) => part !== '').join('\n');
    const page = tags === '' ? indexHtml : indexHtml.replace('</head>', () => `${tags}\n</head>`);
    return rendered ? withRenderedPage(page, rendered) : page;
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: 200 | 404) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await pageFor(request));

  // Page routes are routes (not only the not-found handler's fallback) so their HTML is compressed.
  const route = declareRoutes(app.withTypeProvider<ZodTypeProvider>());
  for (const pattern of new Set(['/', ...Object.values(PAGE_ROUTES)])) {
    route.get(pattern, { access: 'public', hide: true }, (request, reply) => sendPage(request, reply, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request)) {
      return sendPage(request, reply, isPageRoute(pathnameOf(request)) ? 200 : 404);
    }
    if (isHtmlNavigation(request)) return sendPage(request, reply, 404);
    return reply.status(404).send({ message: `Nothing here: ${request.method} ${pathnameOf(request)}` });
  });
}
