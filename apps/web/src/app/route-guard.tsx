import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner/spinner.tsx';
import { GUEST_HOME, type RouteMeta, SIGNED_IN_HOME } from '../config/paths.ts';
import { useAuth } from '../lib/auth/auth-context.ts';
import { saveRedirectUri } from '../lib/auth/redirect-uri.ts';
import styles from './route-guard.module.css';

/** Sends a guest to / and remembers the page, so signing in leads back to it. */
function SendGuestHome() {
  const { pathname, search, hash } = useLocation();
  const intended = `${pathname}${search}${hash}`;
  useEffect(() => saveRedirectUri(intended), [intended]);
  return <Navigate to={GUEST_HOME} replace />;
}

/**
 * Applies a route's meta: isAuth sends a signed-in user to /shop, requiresAuth sends a guest to /.
 * While the session is still being checked nothing redirects.
 */
export function RouteGuard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { status } = useAuth();
  if (meta.isAuth && status === 'authenticated') return <Navigate to={SIGNED_IN_HOME} replace />;
  if (meta.requiresAuth && status === 'guest') return <SendGuestHome />;
  if (meta.requiresAuth && status === 'loading') {
    return (
      <div className={styles.pending}>
        <Spinner size="lg" label="Checking your session" />
      </div>
    );
  }
  return <>{children}</>;
}
