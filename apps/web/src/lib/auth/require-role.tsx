import type { Role } from '@ember/contracts/enums';
import type { ReactNode } from 'react';
import { useAuth } from './auth-context.ts';
import { hasAnyRole } from './has-any-role.ts';

interface RequireRoleProps {
  /** The user needs any one of these roles. */
  roles: readonly Role[];
  children: ReactNode;
  /** Rendered instead when the user lacks the roles (nothing by default). */
  fallback?: ReactNode;
}

/** The one gate for role-dependent UI. Guests never pass. */
export function RequireRole({ roles, children, fallback = null }: RequireRoleProps) {
  const auth = useAuth();
  const allowed = auth.status === 'authenticated' && hasAnyRole(auth.roles, roles);
  return <>{allowed ? children : fallback}</>;
}
