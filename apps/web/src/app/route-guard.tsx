import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner/spinner.tsx';
import { GUEST_HOME, type RouteMeta, SIGNED_IN_HOME, WRONG_ROLE_HOME } from '../config/paths.ts';
import { useAuth } from '../lib/auth/auth-context.ts';
import { saveRedirectUri } from '../lib/auth/redirect-uri.ts';
import { RequireRole } from '../lib/auth/require-role.tsx';
import styles from './route-guard.module.css';

/**
 * Sends a guest to / and remembers the page, so signing in leads back to it, and says why (issue 34,
 * item 1: before, a guest arrived on / with no word).
 */
function SendGuestHome() {
  const { pathname, search, hash } = useLocation();
  const intended = `${pathname}${search}${hash}`;
  const told = useRef(false);
  useEffect(() => {
    saveRedirectUri(intended);
    if (told.current) return; // StrictMode runs effects twice: one message
    told.current = true;
    // The sentences (and the toasts) load on demand: they stay out of the landing bundle.
    void import('./sign-in-reasons.ts').then(({ tellWhyLogIn }) => tellWhyLogIn(pathname));
  }, [intended, pathname]);
  return <Navigate to={GUEST_HOME} replace />;
}

/**
 * Applies a route's meta: isAuth sends a signed-in user to /shop, requiresAuth (or roles) sends a
 * guest to / (unless the page signs them in in place: signInInPlace), roles sends a signed-in user
 * without any of them to /account. While the session is still being checked nothing redirects.
 */
export function RouteGuard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { status } = useAuth();
  const needsSignIn = meta.requiresAuth === true || meta.roles !== undefined;
  if (meta.isAuth && status === 'authenticated') return <Navigate to={SIGNED_IN_HOME} replace />;
  if (needsSignIn && status === 'guest') {
    return meta.signInInPlace ? children : <SendGuestHome />;
  }
  if (needsSignIn && status === 'loading') {
    return (
      <div className={styles.pending}>
        <Spinner size="lg" label="Checking your session" />
      </div>
    );
  }
  if (meta.roles) {
    return (
      <RequireRole roles={meta.roles} fallback={<Navigate to={WRONG_ROLE_HOME} replace />}>
        {children}
      </RequireRole>
    );
  }
  return <>{children}</>;
}
