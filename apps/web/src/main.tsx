import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import { UI_LOCALE } from '@ember/contracts/format';
import { renderedRouteOf } from '@ember/contracts/page-routes';
import { App } from './app/app.tsx';
import { preloadRenderedPage } from './app/preload-rendered-page.ts';
import { loadPublicConfig } from './config/public-config.ts';
import { hasTokenCookie } from './features/auth/session/restore-session.ts';
import { reportClientError } from './lib/report-client-error.ts';
import { reportUncaughtErrors } from './lib/report-uncaught-errors.ts';
import { readServerRenderState } from './server/server-render-state.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

reportUncaughtErrors();
// The API client reads the config from here; the components from context, as on the server.
const environment = { config: loadPublicConfig(), locale: UI_LOCALE };

const serverState = readServerRenderState(document);
if (serverState) {
  // The server rendered this page (a guest's shop or plan page): once its code is here, React takes
  // over the markup, starting from the same API answers. A mismatch is our bug: React renders the
  // page afresh and we hear of it.
  // Hydrating in a transition lets React yield to the browser between slices, as the first render does.
  const route = renderedRouteOf(window.location.pathname);
  void Promise.resolve(route && preloadRenderedPage(route)).finally(() => {
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App environment={environment} dehydratedState={serverState} startsAsGuest={!hasTokenCookie()} />
        </StrictMode>,
        {
          onRecoverableError: (error) =>
            reportClientError('The server-rendered page did not match; rendered afresh.', error),
        },
      );
    });
  });
} else {
  // The first render is a transition: React renders the tree in slices and yields to the browser in
  // between, instead of one long task that blocks input while the page builds (Lighthouse's TBT).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App environment={environment} />
      </StrictMode>,
    );
  });
}
