import { render } from '@testing-library/react';
import { StrictMode } from 'react';
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

/**
 * The real app (providers, the real AuthProvider, every route) at `route`, in StrictMode like
 * main.tsx, with probes for the location and the auth state.
 */
export function renderApp(route: string) {
  return render(
    <StrictMode>
      <AppEnvironmentContext.Provider value={testEnvironment}>
        <MemoryRouter initialEntries={[route]}>
          <Providers>
            <AuthProvider>
              <AppRoutes />
              <LocationProbe />
              <AuthProbe />
            </AuthProvider>
          </Providers>
        </MemoryRouter>
      </AppEnvironmentContext.Provider>
    </StrictMode>,
  );
}
