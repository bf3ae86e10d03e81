import type { Role } from '@ember/contracts/enums';
import type { LogoutScope } from '@ember/contracts/identity';
import { createContext, useContext } from 'react';

/** The signed-in user as the shell shows it (nav, display name, balance). */
export interface SessionUser {
  id: number;
  username: string;
  displayName: string;
  discordId: string;
  /** Spendable credits, whole units. */
  balance: number;
  roles: Role[];
  vip: boolean;
}

/**
 * The auth contract every screen relies on. The AuthProvider of features/auth fills it; nothing
 * else knows how sign-in works.
 * - `loading`: the provider is still checking an existing session (guards wait, nothing redirects).
 * - `guest` / `authenticated`: settled.
 */
export type AuthState =
  | { status: 'loading'; user: null; roles: Role[] }
  | { status: 'guest'; user: null; roles: Role[] }
  | { status: 'authenticated'; user: SessionUser; roles: Role[] };

export interface AuthContextValue {
  state: AuthState;
  /** Where the "Log in" button points: the server route that starts the sign-in redirect. */
  signInHref: string;
  /** Log out of this browser (the default) or of every device of the account. */
  signOut: (scope?: LogoutScope) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export type UseAuthResult = AuthState & Pick<AuthContextValue, 'signInHref' | 'signOut'>;

/** `{ status, user, roles, signInHref, signOut }` of the current visitor. */
export function useAuth(): UseAuthResult {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth() must be used inside <AuthProvider>.');
  return { ...context.state, signInHref: context.signInHref, signOut: context.signOut };
}
