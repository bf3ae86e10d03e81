import type { PageRendererModule } from '@ember/contracts/page-rendering';
import { renderedRouteOf } from '@ember/contracts/page-routes';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app.tsx';
import { AppErrorBoundary } from './app/error-boundary/app-error-boundary.tsx';
import { preloadRenderedPage } from './app/preload-rendered-page.ts';
import { AppEnvironmentContext } from './config/app-environment.ts';
import { ServerTitleContext } from './hooks/use-document-title.ts';
import { queryClientWith } from './server/page-answers.ts';

/** A render that takes longer is given up (the server then sends the page for the browser to render). */
const RENDER_TIMEOUT_MS = 2000;

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return html;
}

/**
 * The server's renderer of a guest's first view of the shop, plan and /device pages (decisions 0024
 * and 0046; the contract is @ember/contracts/page-rendering, the walk-through docs/architecture.md):
 * a function of what it is given. The server gathered the page's answers (`state`); they fill the
 * query cache, the whole tree, lazy pages included, is rendered to HTML, and the browser hydrates it
 * from the same answers (main.tsx). The config and the locale travel in React context; this module
 * keeps nothing between renders. Null when the page is not one the server renders; an error when the
 * render fails (the server logs it and keeps nothing), and the browser then renders the page.
 */
export const render: PageRendererModule['render'] = async ({ url, state: answers, config, locale }) => {
  const { pathname, search } = new URL(url, 'http://render.invalid');
  const route = renderedRouteOf(pathname);
  if (!route) return null;
  const client = queryClientWith(answers);
  // With its code loaded nothing suspends, so the markup is final: no boundary is streamed in later
  // by an inline script (the CSP allows none), and the browser hydrates exactly what it shows.
  await preloadRenderedPage(route);
  const state = dehydrate(client);
  let failure: unknown = null;
  const titleOfPage: { title?: string } = {};
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppEnvironmentContext.Provider value={{ config, locale }}>
        <ServerTitleContext.Provider value={titleOfPage}>
          <AppErrorBoundary standalone>
            <StaticRouter location={`${pathname}${search}`}>
              {/* Only a visitor without a session gets a rendered page (apps/server/src/plugins/spa.ts). */}
              <AppContent dehydratedState={state} startsAsGuest />
            </StaticRouter>
          </AppErrorBoundary>
        </ServerTitleContext.Provider>
      </AppEnvironmentContext.Provider>
    </StrictMode>,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
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
