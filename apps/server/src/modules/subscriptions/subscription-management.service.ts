import { ACCOUNT_HELD_MESSAGE } from '@ember/contracts/commerce';
import { addPeriod } from '@ember/contracts/periods';
import type { Action } from '@ember/contracts/policy';
import { isSubscriptionExpired, type SubscriptionResponse } from '@ember/contracts/subscriptions';
import { refundable } from '@ember/db/books/refund-allocation';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import { findPriceOwnership } from '../catalog/index.ts';
import { findBuyer } from '../users/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { Db, HandedDb } from './db.ts';
import { assertMayHold } from './eligibility.ts';
import { findListStanding } from './purchase.repository.ts';
import { refundOf } from './refund-journal.ts';
import { saleOf } from './sale-journal.ts';
import type { SubscriptionNotices } from './subscription-notices.ts';
import {
  addHoursToActiveSubscriptionsOfPrice,
  addHoursToActiveSubscriptionsOfUser,
  addHoursToSubscription,
  deleteSubscription,
  expireNow,
  findSubscriptionMoney,
  hasJournals,
  type LockedSubscription,
  lockSubscription,
  markExtended,
  markPaused,
  resumePaused,
} from './subscriptions.repository.ts';

export interface ManagementDeps {
  db: Db;
  clock: () => Date;
  wallet: Pick<WalletService, 'postJournal'>;
  developerSharePercent: number;
  /** Answers with the subscription as it is after the change. */
  present: (subscriptionId: number) => Promise<SubscriptionResponse>;
  /** Tells holders of pauses over and expiries (issue 35). */
  notices: SubscriptionNotices;
}

const what = (sub: LockedSubscription) => `${sub.planName} (${sub.priceName})`;

/** Whose a subscription is, for the policy: its holder, and the owner of its plan. */
const resourceOf = (sub: LockedSubscription) => ({ userId: sub.userId, ownerId: sub.planOwnerId });

/** What the audit trail compares before and after a change of a subscription's time. */
const auditedState = (sub: LockedSubscription) => ({
  expireDate: sub.expireDate,
  paused: sub.paused,
  pauseDate: sub.pauseDate,
  pauseUsed: sub.pauseUsed,
});

/** Spec §4 and §7: extend, pause, unpause, expire, refund, add hours and delete. */
export function createSubscriptionManagementService({
  db,
  clock,
  wallet,
  developerSharePercent,
  present,
  notices,
}: ManagementDeps) {
  /** Runs `change` on the row-locked subscription inside one transaction. */
  function changeLocked(
    id: number,
    change: (tx: HandedDb, sub: LockedSubscription, now: Date) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const sub = await lockSubscription(tx, id);
      if (!sub) throw new NotFound(`No subscription with id ${id}.`);
      await change(tx, sub, clock());
    });
  }

  /** Changes the subscription, then answers with it as it is after the change. */
  async function withLockedSubscription(
    id: number,
    change: (tx: HandedDb, sub: LockedSubscription, now: Date) => Promise<void>,
  ): Promise<SubscriptionResponse> {
    await changeLocked(id, change);
    return present(id);
  }

  function assertRunning(sub: LockedSubscription, now: Date): void {
    if (isSubscriptionExpired(sub, now)) throw new Conflict('This subscription has expired.');
  }

  /**
   * A change of a subscription's time (no money moves) by an allowed caller; a staff change (an
   * admin's, or a plan owner's on a subscriber's subscription) goes on the audit trail.
   */
  function changeTime(
    caller: Caller,
    id: number,
    action: Action,
    change: (tx: HandedDb, sub: LockedSubscription, now: Date) => Promise<void>,
  ) {
    return withLockedSubscription(id, async (tx, sub, now) => {
      const role = authorize(caller, action, resourceOf(sub));
      await change(tx, sub, now);
      if (!isStaffAction(caller, role, { userId: sub.userId })) return;
      const after = await lockSubscription(tx, sub.id);
      await recordAudit(tx, actorOf(caller, role), {
        action,
        target: { kind: 'SUBSCRIPTION', id: sub.id },
        ...(after
          ? changedFields(auditedState(sub), auditedState(after))
          : { before: auditedState(sub), after: null }),
      });
    });
  }

  return {
    /** Buys one more period at the extension price; once per subscription, never while paused. */
    extend(principal: Principal, id: number) {
      return withLockedSubscription(id, async (tx, sub, now) => {
        authorize(principal, 'subscription:extend', resourceOf(sub));
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
        // Credits of a disputed payment are not spent before staff review the account (ADR 0015).
        if (holder.heldAt) throw new Forbidden(ACCOUNT_HELD_MESSAGE);
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
    pause(caller: Caller, id: number, days: number) {
      return changeTime(caller, id, 'subscription:pause', async (tx, sub, now) => {
        if (sub.expireDate === null)
          throw new Conflict('Lifetime subscriptions never expire, so there is nothing to pause.');
        if (sub.paused) throw new Conflict('This subscription is already paused.');
        assertRunning(sub, now);
        if (sub.pauseUsed) throw new Conflict('This subscription has already used its one pause.');
        await markPaused(tx, sub.id, now, days);
      });
    },

    /** Ends the pause early; the time left is kept, the pause stays used (spec §4). */
    unpause(caller: Caller, id: number) {
      return changeTime(caller, id, 'subscription:unpause', async (tx, sub, now) => {
        if (!sub.paused) throw new Conflict('This subscription is not paused.');
        await resumePaused(tx, now, { id: sub.id });
      });
    },

    /**
     * The automatic unpause: every subscription whose pause days are over, their holders told in
     * the same transaction. Safe to run any number of times.
     */
    unpauseDue(): Promise<number[]> {
      const now = clock();
      return db.transaction(async (tx) => {
        const ids = (await resumePaused(tx, now, 'pause-over')).map((row) => row.id);
        await notices.pausesEnded(tx, ids);
        return ids;
      });
    },

    /** Hourly: tells holders whose subscriptions end in 3 days or have ended. */
    noticeExpiries() {
      return notices.expiries(db, clock());
    },

    /** Ends the subscription now (plan owner or admin); an already expired one is left as it is. */
    expire(caller: Caller, id: number) {
      return changeTime(caller, id, 'subscription:expire', async (tx, sub, now) => {
        if (!isSubscriptionExpired(sub, now)) await expireNow(tx, sub.id, now);
      });
    },

    /**
     * Gives credits back to whoever paid them (default: the purchase price, capped at what is left
     * to refund), takes the developer's share back in proportion, and ends the subscription.
     */
    refund(caller: Caller, id: number, requested: number | undefined) {
      return withLockedSubscription(id, async (tx, sub, now) => {
        const role = authorize(caller, 'subscription:refund', resourceOf(sub));
        const money = await findSubscriptionMoney(tx, sub.id);
        const journal = refundOf(money, {
          requested,
          purchasePrice: sub.purchasePrice,
          subscriptionId: sub.id,
          what: what(sub),
        });
        const posted = await wallet.postJournal(tx, journal);
        if (!isSubscriptionExpired(sub, now)) await expireNow(tx, sub.id, now);
        // Money a plan owner or an admin gives back is never a customer's own purchase: always audited.
        await recordAudit(tx, actorOf(caller, role), {
          action: 'subscription:refund',
          target: { kind: 'SUBSCRIPTION', id: sub.id },
          before: { refundable: refundable(money), expireDate: sub.expireDate },
          after: {
            refunded: journal.postings
              .filter((posting) => posting.type === 'REFUND')
              .reduce((sum, posting) => sum + posting.amount, 0),
            journalId: posted?.journalId ?? null,
          },
        });
      });
    },

    /** Adds hours to one running, time-limited subscription (plan owner or admin). */
    addHours(caller: Caller, id: number, hours: number) {
      return changeTime(caller, id, 'subscription:add-hours', async (tx, sub, now) => {
        if (sub.expireDate === null)
          throw new Conflict('Lifetime subscriptions never expire, so hours cannot be added.');
        assertRunning(sub, now);
        await addHoursToSubscription(tx, sub.id, hours);
      });
    },

    /** Adds hours to every active, time-limited subscription of a price in one statement; returns how many. */
    async addHoursToPrice(caller: Caller, priceId: number, hours: number): Promise<number> {
      return db.transaction(async (tx) => {
        const price = await findPriceOwnership(tx, priceId);
        if (!price) throw new NotFound(`No price with id ${priceId}.`);
        const role = authorize(caller, 'subscription:add-hours', { ownerId: price.ownerId });
        const updated = await addHoursToActiveSubscriptionsOfPrice(tx, priceId, hours, clock());
        // Always the subscribers' subscriptions, so always a staff action.
        await recordAudit(tx, actorOf(caller, role), {
          action: 'subscription:add-hours',
          target: { kind: 'PRICE', id: priceId },
          after: { hoursAdded: hours, subscriptionsExtended: updated },
        });
        return updated;
      });
    },

    /**
     * Adds hours to the selected subscribers of a price: those of the ids that are active,
     * time-limited subscriptions of this price (others are left alone); refused when none is.
     */
    async addHoursToSelected(
      caller: Caller,
      priceId: number,
      subscriptionIds: readonly number[],
      hours: number,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const price = await findPriceOwnership(tx, priceId);
        if (!price) throw new NotFound(`No price with id ${priceId}.`);
        const role = authorize(caller, 'subscription:add-hours', { ownerId: price.ownerId });
        const updated = await addHoursToActiveSubscriptionsOfPrice(
          tx,
          priceId,
          hours,
          clock(),
          subscriptionIds,
        );
        if (updated === 0) {
          throw new Conflict(
            'None of the selected subscribers has a running, time-limited subscription of this price.',
          );
        }
        await recordAudit(tx, actorOf(caller, role), {
          action: 'subscription:add-hours',
          target: { kind: 'PRICE', id: priceId },
          after: { hoursAdded: hours, selected: subscriptionIds, subscriptionsExtended: updated },
        });
        return updated;
      });
    },

    /**
     * A vote's reward: adds hours to every active, time-limited subscription of the voter, inside the
     * caller's transaction (the vote and its reward commit together); returns the ids extended.
     */
    addVoteRewardHours(tx: HandedDb, userId: number, hours: number, now: Date): Promise<number[]> {
      if (hours === 0) return Promise.resolve([]);
      return addHoursToActiveSubscriptionsOfUser(tx, userId, hours, now);
    },

    /**
     * Removes a subscription that no money is attached to (a free one, say). A paid subscription is
     * a purchase record the books point at: refund or expire it instead.
     */
    async remove(caller: Caller, id: number): Promise<void> {
      await changeLocked(id, async (tx, sub) => {
        const role = authorize(caller, 'subscription:delete', resourceOf(sub));
        if (await hasJournals(tx, sub.id)) {
          throw new Conflict(
            'This subscription has payments on record, so it cannot be deleted. Refund it (which also ends it) or expire it instead.',
          );
        }
        await deleteSubscription(tx, sub.id);
        if (!isStaffAction(caller, role, { userId: sub.userId })) return;
        await recordAudit(tx, actorOf(caller, role), {
          action: 'subscription:delete',
          target: { kind: 'SUBSCRIPTION', id: sub.id },
          before: { userId: sub.userId, planId: sub.planId, priceId: sub.priceId, ...auditedState(sub) },
          after: null,
        });
      });
    },
  };
}

export type SubscriptionManagementService = ReturnType<typeof createSubscriptionManagementService>;
