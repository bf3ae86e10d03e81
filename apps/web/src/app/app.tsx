import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * Declarative routing (BrowserRouter + useRoutes): data comes from TanStack Query, so the data
 * router's loaders are not needed, and this keeps about 16 KB gzip out of the landing bundle.
 * Everything sits inside the router: the error policy and sign-in both navigate.
 */
export function App() {
  return (
    <BrowserRouter>
      <Providers>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </Providers>
    </BrowserRouter>
  );
}
