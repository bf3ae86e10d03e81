import { OWNER_ACCOUNT_ID } from '@ember/contracts/constants';

/**
 * DESIGN §4: the plan owner earns a share of every credit sale of their plan, rounded down; the
 * product's own account (id 3) keeps the whole amount.
 */
export function developerShare(paid: number, planOwnerId: number, sharePercent: number): number {
  if (planOwnerId === OWNER_ACCOUNT_ID) return paid;
  return Math.floor((paid * sharePercent) / 100);
}
