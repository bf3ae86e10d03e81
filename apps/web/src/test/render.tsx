import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useLayoutEffect } from 'react';
import { BrowserRouter, MemoryRouter, useLocation, useNavigate } from 'react-router';
import { createQueryClient } from '../app/query-client.ts';
import { AppEnvironmentContext } from '../config/app-environment.ts';
import {
  AuthContext,
  type AuthContextValue,
  type AuthState,
  type SessionUser,
} from '../lib/auth/auth-context.ts';
import { testEnvironment } from './test-public-config.ts';

export interface RenderOptions {
  /** Starting URL. */
  route?: string;
  /** Signed-in user; a guest when omitted. */
  user?: SessionUser;
  /** The session check has not finished yet (ignores `user`). */
  loading?: boolean;
  signOut?: () => void;
  /**
   * `browser` puts the app's own BrowserRouter on jsdom's history, for behaviour that depends on the
   * address bar moving before React shows the new page (a navigation waiting for a page's code).
   */
  router?: 'memory' | 'browser';
}

export const TEST_SIGN_IN_HREF = '/api/identity/discord/authorize';

function authState(user: SessionUser | undefined, loading: boolean): AuthState {
  if (loading) return { status: 'loading', user: null, roles: [] };
  return user
    ? { status: 'authenticated', user, roles: user.roles }
    : { status: 'guest', user: null, roles: [] };
}

function authValue(state: AuthState, signOut: () => void): AuthContextValue {
  return {
    state,
    signInHref: TEST_SIGN_IN_HREF,
    signOut,
  };
}

/** Shows the current path + query so tests can assert where the user ended up. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `ui` with the app's own query client (so a failed mutation goes through the real error
 * policy: toast, or back to / on a 403), a memory router and the given auth state. Only query
 * retries are off, so a failed load shows at once.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', user, loading = false, signOut = () => {}, router = 'memory' }: RenderOptions = {},
) {
  let navigate: (path: string) => void = () => {};
  const queryClient = createQueryClient({ goTo: (path) => navigate(path) });
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  /** Hands the router's navigate to the error policy, like Providers does. */
  function NavigationBridge() {
    const routerNavigate = useNavigate();
    useLayoutEffect(() => {
      navigate = (path) => routerNavigate(path);
    }, [routerNavigate]);
    return null;
  }
  if (router === 'browser') window.history.replaceState(null, '', route);
  function Wrapper({ children }: { children: ReactNode }) {
    const content = (
      <AuthContext.Provider value={authValue(authState(user, loading), signOut)}>
        <NavigationBridge />
        {children}
        <LocationProbe />
      </AuthContext.Provider>
    );
    return (
      <AppEnvironmentContext.Provider value={testEnvironment}>
        <QueryClientProvider client={queryClient}>
          {router === 'browser' ? (
            <BrowserRouter>{content}</BrowserRouter>
          ) : (
            <MemoryRouter initialEntries={[route]}>{content}</MemoryRouter>
          )}
        </QueryClientProvider>
      </AppEnvironmentContext.Provider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper }) };
}
