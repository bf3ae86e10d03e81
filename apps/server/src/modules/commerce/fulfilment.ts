import { canMoveOrder } from '@ember/contracts/order-status';
import { creditsOrderJournal, orderReversalJournal } from '@ember/db/books/order-journals';
import type { Order } from '@ember/db/schema/commerce';
import { recordAudit, SYSTEM_ACTOR } from '../audit/index.ts';
import { accountStanding } from '../users/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { HandedDb } from './db.ts';
import {
  DAY_MS,
  deliveredUnits,
  type FulfilledProduct,
  holdPrefix,
  type Reversal,
  SETTLED,
  unitsOfShare,
} from './fulfilled-units.ts';
import { moveOrder } from './order-transitions.ts';

/** The one fulfilment and the one reversal of orders; money moves through the wallet's journals. */
export function createFulfilment({ wallet }: { wallet: Pick<WalletService, 'postJournal'> }) {
  /**
   * Gives the buyer what the order bought, in the caller's transaction: credits through one journal
   * against the processor's clearing account (its idempotency key refuses a second fulfilment even
   * if the status check were bypassed), or VIP time and the VIP role. GP deliveries are done by
   * staff in game and have nothing to give here.
   */
  async function deliver(tx: HandedDb, order: Order, product: FulfilledProduct, now: Date): Promise<void> {
    const units = deliveredUnits(order, product);
    if (product.kind === 'CREDITS') {
      await wallet.postJournal(
        tx,
        creditsOrderJournal({
          orderId: order.id,
          buyerId: order.buyerId,
          credits: units,
          processor: order.paymentProcessor,
          description: `Order #${order.id}: ${product.name}`,
          idempotencyKey: `order-fulfilment:${order.id}`,
        }),
      );
    } else if (product.kind === 'VIP') {
      await accountStanding.extendVip(tx, order.buyerId, units * DAY_MS, now);
    }
  }

  /**
   * THE fulfilment of a paid order (webhooks of every processor and the return-page check all end
   * here). `order` is locked in `tx`. Idempotent: an order already settled is returned unchanged.
   * Credits and VIP are delivered at once (completed); a GP delivery waits for staff (processing).
   */
  async function fulfilPaidOrder(
    tx: HandedDb,
    order: Order,
    product: FulfilledProduct,
    now: Date,
  ): Promise<Order> {
    if (SETTLED.has(order.status)) return order;
    if (product.kind === 'GP') return moveOrder(tx, order, 'processing');
    // Move first: a late payment of a failed order whose stock is gone is refused before anything is given.
    const completed = await moveOrder(tx, order, 'completed', { completedDate: now });
    await deliver(tx, completed, product, now);
    return completed;
  }

  /**
   * A dispute or processor refund (decision 0015), in the caller's transaction with `order` locked:
   * takes back the share of what the order gave that `amount` (minor units of its currency) pays
   * for (all of it without one: a partial dispute reverses only its amount), as far as the account
   * allows (never below 0),
   * records what it could not as the order's shortfall, holds the account for staff review when
   * there is one (audited), and marks the order disputed. Repeated, or on an order that never got
   * paid, nothing changes. `key` tells apart reversals of one order (a second dispute after a won one).
   */
  async function reversePaidOrder(
    tx: HandedDb,
    order: Order,
    product: FulfilledProduct,
    now: Date,
    reason: string,
    options: { amount?: number; key?: string } = {},
  ): Promise<Reversal> {
    if (order.status === 'disputed' || !canMoveOrder(order.status, 'disputed')) {
      return { order, shortfall: order.disputeShortfall ?? 0, held: false };
    }
    const disputeAmount = Math.min(options.amount ?? order.total, order.total);
    const units = unitsOfShare(order, product, disputeAmount);
    let shortfall = 0;
    if (order.status === 'completed') {
      const account = await accountStanding.lockAccount(tx, order.buyerId);
      if (product.kind === 'CREDITS') {
        const takeBack = Math.min(account?.balance ?? 0, units);
        shortfall = units - takeBack;
        if (takeBack > 0) {
          await wallet.postJournal(
            tx,
            orderReversalJournal({
              orderId: order.id,
              buyerId: order.buyerId,
              credits: takeBack,
              processor: order.paymentProcessor,
              description: `Order #${order.id} reversed: ${reason}`,
              idempotencyKey: `order-reversal:${order.id}${options.key ? `:${options.key}` : ''}`,
            }),
          );
        }
      } else if (product.kind === 'VIP') {
        const boughtMs = units * DAY_MS;
        const leftMs = Math.max(0, (account?.vipUntil?.getTime() ?? 0) - now.getTime());
        const takeBackMs = Math.min(leftMs, boughtMs);
        if (account?.vipUntil && takeBackMs > 0) {
          await accountStanding.setVipUntil(
            tx,
            order.buyerId,
            new Date(account.vipUntil.getTime() - takeBackMs),
          );
        }
        shortfall = Math.ceil((boughtMs - takeBackMs) / DAY_MS);
      } else {
        shortfall = units; // the gold was handed over in game
      }
    }
    const disputed = await moveOrder(tx, order, 'disputed', { disputeShortfall: shortfall, disputeAmount });
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'order:dispute',
      target: { kind: 'ORDER', id: order.id },
      before: { status: order.status },
      after: { status: 'disputed', reason, shortfall, units, disputeAmount },
    });
    let held = false;
    if (shortfall > 0) {
      const holdReason = `${holdPrefix(order)} (${product.name}) was disputed or refunded by the processor after ${shortfall} of ${units} delivered units were used.`;
      held = await accountStanding.holdAccount(tx, order.buyerId, holdReason, now);
      if (held) {
        await recordAudit(tx, SYSTEM_ACTOR, {
          action: 'account:hold',
          target: { kind: 'USER', id: order.buyerId },
          before: { held: false },
          after: { held: true, reason: holdReason, orderId: order.id },
        });
      }
    }
    return { order: disputed, shortfall, held };
  }

  /**
   * A dispute the store won (the processor paid the money back to us), in the caller's
   * transaction with `order` locked: the credits the reversal took go back to the buyer through
   * one journal, the order is completed again, and the hold this order put on the account is
   * lifted (both audited). VIP time and GP cannot be given back this way: answers false and the
   * caller flags the order for staff. A credits order not disputed changes nothing (true).
   */
  async function restoreWonDispute(
    tx: HandedDb,
    order: Order,
    product: FulfilledProduct,
    reason: string,
    key?: string,
  ): Promise<boolean> {
    if (order.status !== 'disputed') return true;
    if (product.kind !== 'CREDITS') return false;
    const units = unitsOfShare(order, product, order.disputeAmount ?? order.total);
    const takenBack = Math.max(0, units - (order.disputeShortfall ?? 0));
    if (takenBack > 0) {
      await wallet.postJournal(
        tx,
        creditsOrderJournal({
          orderId: order.id,
          buyerId: order.buyerId,
          credits: takenBack,
          processor: order.paymentProcessor,
          description: `Order #${order.id}: ${reason}, credits given back`,
          idempotencyKey: `order-restore:${order.id}${key ? `:${key}` : ''}`,
        }),
      );
    }
    await moveOrder(tx, order, 'completed', { disputeShortfall: null, disputeAmount: null });
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'order:dispute-won',
      target: { kind: 'ORDER', id: order.id },
      before: { status: 'disputed', shortfall: order.disputeShortfall, disputeAmount: order.disputeAmount },
      after: { status: 'completed', reason, restored: takenBack },
    });
    const [hold] = await accountStanding.findHeldAccounts(tx, order.buyerId);
    if (hold?.reason?.startsWith(`${holdPrefix(order)} `)) {
      const before = await accountStanding.releaseHold(tx, order.buyerId);
      if (before) {
        await recordAudit(tx, SYSTEM_ACTOR, {
          action: 'account-hold:release',
          target: { kind: 'USER', id: order.buyerId },
          before: { held: true, heldAt: before.heldAt, reason: before.holdReason },
          after: { held: false, orderId: order.id, reason },
        });
      }
    }
    return true;
  }

  return { deliver, fulfilPaidOrder, reversePaidOrder, restoreWonDispute };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
