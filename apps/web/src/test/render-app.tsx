import { render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/routes.tsx';
import { AppEnvironmentContext } from '../config/app-environment.ts';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { useAuth } from '../lib/auth/auth-context.ts';
import { LocationProbe } from './render.tsx';
import { testEnvironment } from './test-public-config.ts';

/** "guest", "loading" or "authenticated:{display name}:{balance}". */
function AuthProbe() {
  const auth = useAuth();
  const text =
    auth.status === 'authenticated'
      ? `authenticated:${auth.user.displayName}:${auth.user.balance}`
      : auth.status;
  return <output data-testid="auth">{text}</output>;
}

/** What main.tsx wraps the app in (StrictMode, providers, the real AuthProvider), at `route`. */
export function RealAppShell({ route, children }: { route: string; children: ReactNode }) {
  return (
    <StrictMode>
      <AppEnvironmentContext.Provider value={testEnvironment}>
        <MemoryRouter initialEntries={[route]}>
          <Providers>
            <AuthProvider>{children}</AuthProvider>
          </Providers>
        </MemoryRouter>
      </AppEnvironmentContext.Provider>
    </StrictMode>
  );
}

/** The real app (every route) in its real shell at `route`, with probes for the location and the auth state. */
export function renderApp(route: string) {
  return render(
    <RealAppShell route={route}>
      <AppRoutes />
      <LocationProbe />
      <AuthProbe />
    </RealAppShell>,
  );
}
