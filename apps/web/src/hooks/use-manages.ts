import { allows } from '@ember/contracts/policy';
import { useAuth } from '../lib/auth/auth-context.ts';

/**
 * Spec §2/§6: a plan or price dashboard is for its owner or an admin (the policy's
 * 'plan:read-private'); `isAdmin`: the admin controls on it ('plan:toggle-enabled').
 */
export function useManages(ownerId: number | undefined): { manages: boolean; isAdmin: boolean } {
  const auth = useAuth();
  if (auth.status !== 'authenticated') return { manages: false, isAdmin: false };
  const owner = ownerId !== undefined && auth.user.id === ownerId;
  return {
    manages: allows(auth.roles, 'plan:read-private', { owner }),
    isAdmin: allows(auth.roles, 'plan:toggle-enabled'),
  };
}
