import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../../config/app-environment.ts';
import { AuthContext, type AuthContextValue, type AuthState } from '../../lib/auth/auth-context.ts';
import { isSignInFlowPath } from '../../lib/auth/redirect-uri.ts';
import { useCurrentUser } from '../../lib/users/current-user.ts';
import { toSessionUser } from './session/to-session-user.ts';
import { useSession } from './session/use-session.ts';
import { SignInFlowContext } from './sign-in-flow-context.ts';

const LOADING: AuthState = { status: 'loading', user: null, roles: [] };
const GUEST: AuthState = { status: 'guest', user: null, roles: [] };

/**
 * Supplies the auth state to the whole app. On start it runs the token check (status 'loading'
 * meanwhile), except on the sign-in pages, which run their own step. The user comes from
 * ['users', 'me'] (seeded by sign-in, refetched from GET shop /users/me when invalidated).
 */
export function AuthProvider({
  children,
  startsAsGuest,
}: {
  children: ReactNode;
  /** A server-rendered guest page: the first render is the guest's, as on the server (useSession). */
  startsAsGuest?: boolean;
}) {
  const { status, flow, restoreOnStart, signOut } = useSession({ startsAsGuest });
  const currentUser = useCurrentUser({ enabled: status === 'authenticated' });
  const { pathname } = useLocation();
  const startPath = useRef(pathname);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the check runs once.
    started.current = true;
    if (!isSignInFlowPath(startPath.current)) void restoreOnStart();
  }, [restoreOnStart]);

  const identityBase = usePublicConfig().api.identity.replace(/\/$/, '');
  const user = currentUser.data;
  const value = useMemo<AuthContextValue>(() => {
    let state: AuthState = status === 'guest' ? GUEST : LOADING;
    if (status === 'authenticated' && user) {
      state = { status: 'authenticated', user: toSessionUser(user), roles: user.roles };
    }
    return {
      state,
      signInHref: `${identityBase}/discord/authorize`,
      signOut: (scope) => void signOut(scope),
    };
  }, [status, user, identityBase, signOut]);

  return (
    <AuthContext.Provider value={value}>
      <SignInFlowContext.Provider value={flow}>{children}</SignInFlowContext.Provider>
    </AuthContext.Provider>
  );
}
