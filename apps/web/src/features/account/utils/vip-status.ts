import type { CurrentUser } from '@ember/contracts/identity';
import { formatLongDate } from '../../../lib/format/dates.ts';

/** Spec §2 Account summary: 'VIP until <date>' for a running VIP, else 'Not VIP'. */
export function vipStatusText(account: Pick<CurrentUser, 'vip' | 'vipUntil'>): string {
  return account.vip && account.vipUntil ? `VIP until ${formatLongDate(account.vipUntil)}` : 'Not VIP';
}
