import type { PageRendererModule, RendererOutput } from '@ember/contracts/page-rendering';
import { renderedRouteOf } from '@ember/contracts/page-routes';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app.tsx';
import { AppErrorBoundary } from './app/error-boundary/app-error-boundary.tsx';
import { preloadRenderedPage } from './app/preload-rendered-page.ts';
import { installPublicConfig } from './config/public-config.ts';
import { ServerTitleContext } from './hooks/use-document-title.ts';
import { setApiFetch } from './lib/api-client.ts';
import { ApiError } from './lib/api-error.ts';
import { serverRenderReads } from './server/server-render-reads.ts';

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return html;
}

/**
 * The server's renderer of a guest's first view of the shop and plan pages (decision 0024; the
 * contract is @ember/contracts/page-rendering, the walk-through docs/architecture.md). The
 * page's reads are answered first, then the whole tree, lazy pages included, is rendered to HTML;
 * the browser hydrates it from the same answers (main.tsx). Null when the page is not one the server
 * renders or its plan is missing; an error when a read or the render fails (the server logs it and
 * keeps nothing). Either way the browser then renders the page, as before.
 */
export const createPageRenderer: PageRendererModule['createPageRenderer'] = ({
  config,
  fetch,
  timeoutMs = 2000,
}) => {
  installPublicConfig(config);
  setApiFetch(fetch);
  // Numbers and dates are written in the UI's language whoever asks (decision 0039), so a render
  // depends on the address alone and the browser's first render writes the same text.
  return async function renderPage(url: string): Promise<RendererOutput | null> {
    const { pathname, search } = new URL(url, 'http://render.invalid');
    const route = renderedRouteOf(pathname);
    if (!route) return null;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    try {
      await Promise.all(serverRenderReads(route, search).map((read) => read(client)));
    } catch (error) {
      // A missing plan is the browser's to handle (it leaves for /shop); any other failed read (a
      // rate limit, an outage) is an error, so that the server neither keeps nor hides it.
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
    // With its code loaded nothing suspends, so the markup is final: no boundary is streamed in later
    // by an inline script (the CSP allows none), and the browser hydrates exactly what it shows.
    await preloadRenderedPage(route);
    const state = dehydrate(client);
    let failure: unknown = null;
    const titleOfPage: { title?: string } = {};
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <ServerTitleContext.Provider value={titleOfPage}>
          <AppErrorBoundary standalone>
            <StaticRouter location={`${pathname}${search}`}>
              {/* Only a visitor without a session gets a rendered page (apps/server/src/plugins/spa.ts). */}
              <AppContent dehydratedState={state} startsAsGuest />
            </StaticRouter>
          </AppErrorBoundary>
        </ServerTitleContext.Provider>
      </StrictMode>,
      {
        signal: AbortSignal.timeout(timeoutMs),
        // A large boundary would otherwise be sent after its fallback and moved in by an inline script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => {
          failure ??= error;
        },
      },
    );
    const html = await streamToString(prelude);
    if (failure) throw failure;
    if (html.includes('<script') || html.includes('<template')) {
      throw new Error(
        `The render of ${pathname} streams a boundary in later (a lazy part missing from preloadRenderedPage?).`,
      );
    }
    return { html, state, title: titleOfPage.title };
  };
};
