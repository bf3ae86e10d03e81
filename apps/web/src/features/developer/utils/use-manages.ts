import { useAuth } from '../../../lib/auth/auth-context.ts';
import { hasAnyRole } from '../../../lib/auth/has-any-role.ts';

/** Spec §2/§6: a plan or price dashboard is for its owner or an admin. */
export function useManages(ownerId: number | undefined): { manages: boolean; isAdmin: boolean } {
  const auth = useAuth();
  const isAdmin = auth.status === 'authenticated' && hasAnyRole(auth.roles, ['ADMIN']);
  const isOwner = auth.status === 'authenticated' && ownerId !== undefined && auth.user.id === ownerId;
  return { manages: isOwner || isAdmin, isAdmin };
}
