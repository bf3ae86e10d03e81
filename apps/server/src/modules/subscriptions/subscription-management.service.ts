import { addPeriod } from '@ember/contracts/periods';
import { isSubscriptionExpired, type SubscriptionResponse } from '@ember/contracts/subscriptions';
import { subscriptions } from '@ember/db/schema/subscriptions';
import type { Db } from '@ember/db/types';
import { eq } from 'drizzle-orm';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access-control.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { assertMayHold } from './eligibility.ts';
import { findBuyer, findListStanding } from './purchase.repository.ts';
import { refundOf } from './refund-journal.ts';
import { saleOf } from './sale-journal.ts';
import { assertHolds, assertManagesPlan } from './subscription-access.ts';
import { findPriceOwner } from './subscription-views.repository.ts';
import {
  addHoursToActiveSubscriptionsOfPrice,
  addHoursToSubscription,
  deleteSubscription,
  expireNow,
  findSubscriptionMoney,
  hasJournals,
  type LockedSubscription,
  lockSubscription,
  markExtended,
  markPaused,
  pauseIsOver,
  resumePaused,
} from './subscriptions.repository.ts';

export interface ManagementDeps {
  db: Db;
  clock: () => Date;
  wallet: Pick<WalletService, 'postJournal'>;
  developerSharePercent: number;
  /** Answers with the subscription as it is after the change. */
  present: (subscriptionId: number) => Promise<SubscriptionResponse>;
}

const what = (sub: LockedSubscription) => `${sub.planName} (${sub.priceName})`;

/** Spec §4 and §7: extend, pause, unpause, expire, refund, add hours and delete. */
export function createSubscriptionManagementService({
  db,
  clock,
  wallet,
  developerSharePercent,
  present,
}: ManagementDeps) {
  /** Runs `change` on the row-locked subscription inside one transaction. */
  function changeLocked(id: number, change: (tx: Db, sub: LockedSubscription, now: Date) => Promise<void>) {
    return db.transaction(async (tx) => {
      const sub = await lockSubscription(tx, id);
      if (!sub) throw new NotFound(`No subscription with id ${id}.`);
      await change(tx, sub, clock());
    });
  }

  /** Changes the subscription, then answers with it as it is after the change. */
  async function withLockedSubscription(
    id: number,
    change: (tx: Db, sub: LockedSubscription, now: Date) => Promise<void>,
  ): Promise<SubscriptionResponse> {
    await changeLocked(id, change);
    return present(id);
  }

  function assertRunning(sub: LockedSubscription, now: Date): void {
    if (isSubscriptionExpired(sub, now)) throw new Conflict('This subscription has expired.');
  }

  return {
    /** Buys one more period at the extension price; once per subscription, never while paused. */
    extend(principal: Principal, id: number) {
      return withLockedSubscription(id, async (tx, sub, now) => {
        assertHolds(principal, sub.userId);
        if (sub.expireDate === null)
          throw new Conflict('Lifetime subscriptions never expire, so they cannot be extended.');
        if (!sub.extensionAllowed) throw new Conflict('This price cannot be extended.');
        if (sub.paused) throw new Conflict('Unpause the subscription before extending it.');
        if (sub.extended) throw new Conflict('This subscription has already been extended.');
        assertRunning(sub, now);
        if (!sub.planEnabled || !sub.priceEnabled) {
          throw new Conflict('This price is no longer sold, so it cannot be extended.');
        }
        const holder = await findBuyer(tx, sub.userId);
        if (!holder) throw new NotFound('The subscriber no longer exists.');
        const standing = await findListStanding(tx, {
          planId: sub.planId,
          priceId: sub.priceId,
          userId: sub.userId,
        });
        assertMayHold({ ...holder, isCaller: true }, sub, standing, now);

        const cost = sub.extensionPrice ?? sub.price;
        await wallet.postJournal(
          tx,
          saleOf({
            kind: 'SUBSCRIPTION_EXTENSION',
            payerId: sub.userId,
            planOwnerId: sub.planOwnerId,
            amount: cost,
            description: `Extension of ${what(sub)}`,
            saleDescription: `Extension sale of ${what(sub)}`,
            subscriptionId: sub.id,
            developerSharePercent,
          }),
        );
        await markExtended(tx, sub.id, addPeriod(sub.expireDate, sub.period) ?? sub.expireDate);
      });
    },

    /** The one pause (spec §9: 14 days, once only); the subscriber or an admin. */
    pause(principal: Principal, id: number, days: number) {
      return withLockedSubscription(id, async (tx, sub, now) => {
        assertHolds(principal, sub.userId, { adminToo: true });
        if (sub.expireDate === null)
          throw new Conflict('Lifetime subscriptions never expire, so there is nothing to pause.');
        if (sub.paused) throw new Conflict('This subscription is already paused.');
        assertRunning(sub, now);
        if (sub.pauseUsed) throw new Conflict('This subscription has already used its one pause.');
        await markPaused(tx, sub.id, now, days);
      });
    },

    /** Ends the pause early; the time left is kept, the pause stays used (spec §4). */
    unpause(principal: Principal, id: number) {
      return withLockedSubscription(id, async (tx, sub, now) => {
        assertHolds(principal, sub.userId, { adminToo: true });
        if (!sub.paused) throw new Conflict('This subscription is not paused.');
        await resumePaused(tx, now, eq(subscriptions.id, sub.id));
      });
    },

    /** The automatic unpause: every subscription whose pause days are over. Safe to run any number of times. */
    async unpauseDue(): Promise<number[]> {
      const now = clock();
      const resumed = await resumePaused(db, now, pauseIsOver(now));
      return resumed.map((row) => row.id);
    },

    /** Ends the subscription now (plan owner or admin); an already expired one is left as it is. */
    expire(principal: Principal, id: number) {
      return withLockedSubscription(id, async (tx, sub, now) => {
        assertManagesPlan(principal, sub.planOwnerId);
        if (!isSubscriptionExpired(sub, now)) await expireNow(tx, sub.id, now);
      });
    },

    /**
     * Gives credits back to whoever paid them (default: the purchase price, capped at what is left
     * to refund), takes the developer's share back in proportion, and ends the subscription.
     */
    refund(principal: Principal, id: number, requested: number | undefined) {
      return withLockedSubscription(id, async (tx, sub, now) => {
        assertManagesPlan(principal, sub.planOwnerId);
        const money = await findSubscriptionMoney(tx, sub.id);
        await wallet.postJournal(
          tx,
          refundOf(money, {
            requested,
            purchasePrice: sub.purchasePrice,
            subscriptionId: sub.id,
            what: what(sub),
          }),
        );
        if (!isSubscriptionExpired(sub, now)) await expireNow(tx, sub.id, now);
      });
    },

    /** Adds hours to one running, time-limited subscription (plan owner or admin). */
    addHours(principal: Principal, id: number, hours: number) {
      return withLockedSubscription(id, async (tx, sub, now) => {
        assertManagesPlan(principal, sub.planOwnerId);
        if (sub.expireDate === null)
          throw new Conflict('Lifetime subscriptions never expire, so hours cannot be added.');
        assertRunning(sub, now);
        await addHoursToSubscription(tx, sub.id, hours);
      });
    },

    /** Adds hours to every active, time-limited subscription of a price in one statement; returns how many. */
    async addHoursToPrice(principal: Principal, priceId: number, hours: number): Promise<number> {
      const price = await findPriceOwner(db, priceId);
      if (!price) throw new NotFound(`No price with id ${priceId}.`);
      assertManagesPlan(principal, price.ownerId);
      return addHoursToActiveSubscriptionsOfPrice(db, priceId, hours, clock());
    },

    /**
     * Removes a subscription that no money is attached to (a free one, say). A paid subscription is
     * a purchase record the books point at: refund or expire it instead.
     */
    async remove(principal: Principal, id: number): Promise<void> {
      await changeLocked(id, async (tx, sub) => {
        assertManagesPlan(principal, sub.planOwnerId);
        if (await hasJournals(tx, sub.id)) {
          throw new Conflict(
            'This subscription has payments on record, so it cannot be deleted. Refund it (which also ends it) or expire it instead.',
          );
        }
        await deleteSubscription(tx, sub.id);
      });
    },
  };
}

export type SubscriptionManagementService = ReturnType<typeof createSubscriptionManagementService>;
