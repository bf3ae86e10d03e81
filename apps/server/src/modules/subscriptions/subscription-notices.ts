import type { NotificationKind } from '@ember/contracts/notifications';
import type { NotifyAll } from '../notifications/index.ts';
import type { HandedDb } from './db.ts';
import { findExpiringWithin, findNoticeFacts } from './subscription-notices.repository.ts';

const DAY_MS = 86_400_000;
const ACCOUNT_LINK = '/account';

type Facts = Awaited<ReturnType<typeof findNoticeFacts>>[number];

/**
 * What the subscriptions module tells holders (issue 35): a pause over, a subscription ending in
 * 3 days, one that ended. Each key names the expiry (or pause) it is about, so an extension that
 * moves the expiry gets its own notice and a sweep run twice tells nothing twice.
 */
export function createSubscriptionNotices(notifyAll: NotifyAll | undefined) {
  const tell = (tx: HandedDb, kind: NotificationKind, keyOf: (facts: Facts) => string, rows: Facts[]) =>
    notifyAll
      ? notifyAll(
          tx,
          rows.map((facts) => ({
            userId: facts.userId,
            kind,
            idempotencyKey: keyOf(facts),
            params: { planName: facts.planName, planId: facts.planId, subscriptionId: facts.id },
            link: ACCOUNT_LINK,
          })),
        )
      : Promise.resolve();

  return {
    /** In the transaction that resumed them. */
    async pausesEnded(tx: HandedDb, ids: number[]): Promise<void> {
      if (!notifyAll || ids.length === 0) return;
      const rows = await findNoticeFacts(tx, ids);
      await tell(tx, 'PAUSE_ENDED', (f) => `pause-ended:${f.id}:${f.pauseDate?.getTime() ?? 0}`, rows);
    },

    /**
     * Hourly: subscriptions ending 2 to 3 days from now ("ends in 3 days") and those that ended in
     * the last 2 days. How many of each it found.
     */
    async expiries(db: HandedDb, now: Date): Promise<{ ending: number; ended: number }> {
      return db.transaction(async (tx) => {
        const at = now.getTime();
        const ending = await findExpiringWithin(tx, new Date(at + 2 * DAY_MS), new Date(at + 3 * DAY_MS));
        const ended = await findExpiringWithin(tx, new Date(at - 2 * DAY_MS), now);
        await tell(tx, 'SUBSCRIPTION_ENDING', (f) => `sub-ending:${f.id}:${f.expireDate?.getTime()}`, ending);
        await tell(tx, 'SUBSCRIPTION_ENDED', (f) => `sub-ended:${f.id}:${f.expireDate?.getTime()}`, ended);
        return { ending: ending.length, ended: ended.length };
      });
    },
  };
}

export type SubscriptionNotices = ReturnType<typeof createSubscriptionNotices>;
