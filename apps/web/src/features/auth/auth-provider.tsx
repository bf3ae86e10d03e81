import { type ReactNode, useMemo } from 'react';
import { getPublicConfig } from '../../config/public-config.ts';
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context.ts';

/**
 * Supplies the auth state to the whole app. Sign-in arrives in a later issue; until then every
 * visitor is a guest. The sign-in issue replaces the body of this component only: run the token
 * check on start (status 'loading' meanwhile), hold the user from GET shop /users/me, install the
 * bearer token with setAccessTokenProvider, and implement signOut. Consumers keep using useAuth().
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const identityBase = getPublicConfig().api.identity.replace(/\/$/, '');
  const value = useMemo<AuthContextValue>(
    () => ({
      state: { status: 'guest', user: null, roles: [] },
      signInHref: `${identityBase}/discord/authorize`,
      signOut: () => {},
    }),
    [identityBase],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
