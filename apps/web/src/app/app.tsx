import type { DehydratedState } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { type AppEnvironment, AppEnvironmentContext } from '../config/app-environment.ts';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { AppErrorBoundary } from './error-boundary/app-error-boundary.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

export interface AppContentProps {
  /** The API answers a server-rendered page was rendered with (entry-server.tsx); hydration starts from them. */
  dehydratedState?: DehydratedState;
  /**
   * The server rendered the page for a visitor without a session (entry-server.tsx) and the browser
   * still has none: the first render is the guest's view, as the server's was, so hydration keeps it.
   */
  startsAsGuest?: boolean;
}

/**
 * Everything inside the router: the error policy and sign-in both navigate. The browser puts it in
 * a BrowserRouter (App), the server's page renderer in a StaticRouter (entry-server.tsx).
 */
export function AppContent({ dehydratedState, startsAsGuest }: AppContentProps) {
  // Once React runs the page (after hydrating a server-rendered one): the browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return (
    <Providers dehydratedState={dehydratedState}>
      <AuthProvider startsAsGuest={startsAsGuest}>
        <AppRoutes />
      </AuthProvider>
    </Providers>
  );
}

/**
 * Declarative routing (BrowserRouter + useRoutes): data comes from TanStack Query, so the data
 * router's loaders are not needed, and this keeps about 16 KB gzip out of the landing bundle.
 * The outer error boundary is the last resort; pages have their own inside the layout, which keeps
 * the navigation.
 */
export function App({ environment, ...props }: AppContentProps & { environment: AppEnvironment }) {
  return (
    <AppEnvironmentContext.Provider value={environment}>
      <AppErrorBoundary standalone>
        <BrowserRouter>
          <AppContent {...props} />
        </BrowserRouter>
      </AppErrorBoundary>
    </AppEnvironmentContext.Provider>
  );
}
