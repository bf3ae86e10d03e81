import { OWNER_ACCOUNT_ID } from './constants.ts';

/** DESIGN §4: the share of a credit sale a plan owner earns unless configured otherwise. */
export const DEFAULT_DEVELOPER_SHARE_PERCENT = 80;

/**
 * DESIGN §4: the plan owner earns a share of every credit sale of their plan, rounded down; the
 * product's own account (id 3) keeps the whole amount.
 */
export function developerShare(paid: number, planOwnerId: number, sharePercent: number): number {
  if (planOwnerId === OWNER_ACCOUNT_ID) return paid;
  return Math.floor((paid * sharePercent) / 100);
}
