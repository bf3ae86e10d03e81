import { ACCOUNT_HELD_MESSAGE } from '@ember/contracts/commerce';
import { GIFT_SUBSCRIPTION_TO_SELF_MESSAGE } from '@ember/contracts/identity';
import { expiryOfPurchase } from '@ember/contracts/periods';
import { chargeFor, NO_FREE_SLOTS_MESSAGE, type SubscriptionResponse } from '@ember/contracts/subscriptions';
import { Conflict, Forbidden, Invalid, NotFound, Unprocessable } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { lockPriceForSale } from '../catalog/index.ts';
import { discountCodes } from '../discount-codes/index.ts';
import type { Notify } from '../notifications/index.ts';
import { accountStanding } from '../users/index.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE, type WalletService } from '../wallet/index.ts';
import type { Db, HandedDb } from './db.ts';
import { assertMayHold, type Holder } from './eligibility.ts';
import {
  type Buyer,
  countActiveSubscriptionsOfPrice,
  findSaleContext,
  holdsActiveSubscription,
  insertSubscription,
  type ListStanding,
  type PriceForSale,
} from './purchase.repository.ts';
import { findSaleByIdempotencyKey } from './purchase-replays.repository.ts';
import { saleOf } from './sale-journal.ts';
import { findSubscriptionView, type SubscriptionViewRow } from './subscription-views.repository.ts';
import { toSubscriptionResponse } from './subscription-views.ts';

export interface PurchaseDeps {
  db: Db;
  clock: () => Date;
  wallet: Pick<WalletService, 'postJournal'>;
  developerSharePercent: number;
  /** Tells the receiver of a gift (the notification centre, wired by app.ts). */
  notify?: Notify;
}

export interface PurchaseRequest {
  priceId: number;
  discountCode?: string;
}

/** What a sale under an idempotency key was: a retry must ask for the same. */
interface ExpectedSale {
  kind: 'SUBSCRIPTION_PURCHASE' | 'SUBSCRIPTION_GIFT';
  priceId: number;
  discountCode?: string;
  /** The gift's receiver. */
  discordId?: string;
}

/** The code's percent, its use counted (rolled back with the sale if the sale fails). */
async function claimCode(tx: HandedDb, code: string, price: PriceForSale, now: Date): Promise<number> {
  if (price.price === 0) throw new Invalid('This price is free, so no discount code is needed.');
  return discountCodes.claim(tx, code, price.id, now);
}

/** On sale, the holder may hold it, a free price is held once, and a slot is free. */
async function assertSellable(
  tx: HandedDb,
  price: PriceForSale,
  holder: Holder,
  standing: ListStanding,
  now: Date,
): Promise<void> {
  if (!price.planEnabled) throw new Conflict('This plan is not available for purchase right now.');
  if (!price.enabled) throw new Conflict('This price is not available for purchase right now.');
  assertMayHold(holder, price, standing, now);
  if (price.price === 0 && (await holdsActiveSubscription(tx, price.id, holder.id, now))) {
    throw new Conflict(
      holder.isCaller
        ? 'You already have this free subscription.'
        : `${holder.username} already has this free subscription.`,
    );
  }
  if (price.slots !== null && (await countActiveSubscriptionsOfPrice(tx, price.id, now)) >= price.slots) {
    throw new Conflict(NO_FREE_SLOTS_MESSAGE);
  }
}

/** The price as the sale needs it, with the lock its kind of sale needs (see sell). */
async function lockedForSale(
  tx: HandedDb,
  price: PriceForSale,
  holderId: number,
): Promise<PriceForSale | null> {
  if (price.slots !== null) return lockPriceForSale(tx, price.id);
  // The holder's account row: their free-price claims queue here.
  if (price.price === 0) await accountStanding.lockAccount(tx, holderId);
  return price;
}

/** Who receives the subscription: the payer themself, or the account a gift names. */
interface Receiver {
  /** Set for a gift. */
  discordId?: string;
  /** The gift's message from the sender, plain text. */
  message?: string;
  /** The holder as found (null when no account matched), or the refusal. */
  toHolder: (found: Buyer | null) => Holder;
}

export const PURCHASE_KEY_SALE_GONE_MESSAGE = 'The purchase made with this Idempotency-Key no longer exists.';

/** Spec §7 POST /subscriptions and /subscriptions/gift: the whole sale in one transaction. */
export function createPurchaseService({ db, clock, wallet, developerSharePercent, notify }: PurchaseDeps) {
  /**
   * Checks the sale, claims the code, records the subscription, charges the payer and pays the
   * developer. Any refusal rolls all of it back, the code's use included. Only what can be
   * oversold is locked (issue 11): a price with slots (its row, so the count is exact) and a free
   * price's holder (one free subscription each); a code claim is its own conditional UPDATE and
   * money moves under the accounts' row locks. An unlimited paid price takes no lock, so its
   * buyers do not queue behind each other.
   */
  function sell(
    payerId: number,
    receiver: Receiver,
    request: PurchaseRequest,
    idempotencyKey?: string,
  ): Promise<SubscriptionResponse> {
    return db.transaction(async (tx) => {
      const context = await findSaleContext(tx, {
        payerId,
        priceId: request.priceId,
        receiverDiscordId: receiver.discordId,
      });
      if (!context) throw new NotFound('Your account no longer exists.');
      // Credits of a disputed payment are not spent before staff review the account (ADR 0015).
      if (context.payer.heldAt) throw new Forbidden(ACCOUNT_HELD_MESSAGE);
      const holder = receiver.toHolder(context.holder);
      const now = clock();
      const price = context.price && (await lockedForSale(tx, context.price, holder.id));
      if (!price) throw new NotFound(`No price with id ${request.priceId}.`);
      await assertSellable(tx, price, holder, context.standing, now);
      const codePercent = request.discountCode ? await claimCode(tx, request.discountCode, price, now) : 0;

      const paid = chargeFor(price, codePercent);
      const subscription = await insertSubscription(tx, {
        userId: holder.id,
        planId: price.planId,
        priceId: price.id,
        purchaseDate: now,
        startDate: now,
        expireDate: expiryOfPurchase(now, price.period, price.promoExtraDays),
        purchasePrice: paid,
        discountCodeId: request.discountCode ?? null,
        giftedById: holder.isCaller ? null : payerId,
      });
      const what = `${price.planName} (${price.name})`;
      await wallet.postJournal(tx, {
        ...saleOf({
          kind: holder.isCaller ? 'SUBSCRIPTION_PURCHASE' : 'SUBSCRIPTION_GIFT',
          payerId,
          planOwnerId: price.planOwnerId,
          amount: paid,
          description: holder.isCaller ? `Purchase of ${what}` : `Gift of ${what} to ${holder.username}`,
          saleDescription: `Sale of ${what}`,
          subscriptionId: subscription.id,
          developerSharePercent,
        }),
        // The key is recorded on the sale's journal: a second sale under it cannot be posted.
        idempotencyKey,
      });
      if (!holder.isCaller && notify) {
        await notify(tx, {
          userId: holder.id,
          kind: 'GIFT_RECEIVED',
          idempotencyKey: `gift:${subscription.id}`,
          params: {
            sender: context.payer.username,
            planName: price.planName,
            planId: price.planId,
            message: receiver.message ?? null,
          },
          link: '/account',
        });
      }
      // The answer from what the sale read and wrote, as the subscription view shows it (one read less).
      const sold: SubscriptionViewRow = {
        id: subscription.id,
        purchaseDate: subscription.purchaseDate,
        startDate: subscription.startDate,
        expireDate: subscription.expireDate,
        purchasePrice: subscription.purchasePrice,
        paused: subscription.paused,
        pauseDate: subscription.pauseDate,
        pauseDays: subscription.pauseDays,
        pauseUsed: subscription.pauseUsed,
        extended: subscription.extended,
        discountCode: subscription.discountCodeId,
        refunded: 0,
        user: { id: holder.id, discordId: holder.discordId, username: holder.username },
        gifter: holder.isCaller
          ? null
          : { id: context.payer.id, discordId: context.payer.discordId, username: context.payer.username },
        plan: { id: price.planId, name: price.planName, ownerId: price.planOwnerId },
        price: {
          id: price.id,
          name: price.name,
          period: price.period,
          price: price.price,
          extensionPrice: price.extensionPrice,
          extensionAllowed: price.extensionAllowed,
        },
      };
      return toSubscriptionResponse(sold, now);
    });
  }

  /**
   * The answer of the sale already made under `key`, or null when none was. The key must come back
   * with the same request (kind, price, code, gift receiver); anything else reusing it is refused
   * (422), as the credit gift refuses it.
   */
  async function replay(key: string, expected: ExpectedSale): Promise<SubscriptionResponse | null> {
    const recorded = await findSaleByIdempotencyKey(db, key);
    if (!recorded) return null;
    const view = await findSubscriptionView(db, recorded.subscriptionId);
    if (!view) throw new Conflict(PURCHASE_KEY_SALE_GONE_MESSAGE);
    const same =
      recorded.kind === expected.kind &&
      view.price.id === expected.priceId &&
      (view.discountCode ?? null) === (expected.discountCode ?? null) &&
      (expected.discordId === undefined || view.user.discordId === expected.discordId);
    if (!same) throw new Unprocessable(IDEMPOTENCY_KEY_REUSED_MESSAGE);
    return toSubscriptionResponse(view, clock());
  }

  /**
   * A sale made at most once per payer and Idempotency-Key (issue 22: a client whose request died
   * with a server process sends it again, maybe to another one): a key already used answers the
   * first sale again, charging nothing. Two requests with one key at once: the second's journal is
   * refused by the unique key (its transaction, subscription included, rolls back), and whatever
   * refusal it met on the way (slots, credits, the code used up by the first) gives way to the
   * first sale's answer. Without a key, every request is a new sale.
   */
  async function sellOnce(
    payerId: number,
    receiver: Receiver,
    request: PurchaseRequest,
    expected: Omit<ExpectedSale, 'priceId' | 'discountCode'>,
    idempotencyKey: string | undefined,
  ): Promise<SubscriptionResponse> {
    if (idempotencyKey === undefined) return sell(payerId, receiver, request);
    const key = `subscription:${payerId}:${idempotencyKey}`;
    const sale: ExpectedSale = { ...expected, priceId: request.priceId, discountCode: request.discountCode };
    const earlier = await replay(key, sale);
    if (earlier) return earlier;
    try {
      return await sell(payerId, receiver, request, key);
    } catch (error) {
      const concurrent = await replay(key, sale);
      if (concurrent) return concurrent;
      throw error;
    }
  }

  return {
    /**
     * What a code would take off, without using it, so the buyer sees the real total before
     * confirming. Same rules as the claim; the sale itself still decides.
     */
    checkDiscountCode(request: { priceId: number; discountCode: string }) {
      return discountCodes.check(db, request.discountCode, request.priceId, clock());
    },

    /** Buys the price for the caller; with an idempotency key, at most once per key. */
    async purchase(
      principal: Principal,
      request: PurchaseRequest,
      idempotencyKey?: string,
    ): Promise<SubscriptionResponse> {
      return sellOnce(
        principal.userId,
        {
          toHolder: (buyer) => {
            if (!buyer) throw new NotFound('Your account no longer exists.');
            return { ...buyer, isCaller: true };
          },
        },
        request,
        { kind: 'SUBSCRIPTION_PURCHASE' },
        idempotencyKey,
      );
    },

    /** Buys the price for the account with `discordId`, paid by the caller; with an idempotency key, at most once per key. */
    async gift(
      principal: Principal,
      request: PurchaseRequest & { discordId: string; message?: string },
      idempotencyKey?: string,
    ): Promise<SubscriptionResponse> {
      return sellOnce(
        principal.userId,
        {
          discordId: request.discordId,
          message: request.message,
          toHolder: (receiver) => {
            if (!receiver) throw new NotFound('No user with that Discord ID.');
            if (receiver.id === principal.userId) {
              throw new Invalid(GIFT_SUBSCRIPTION_TO_SELF_MESSAGE);
            }
            return { ...receiver, isCaller: false };
          },
        },
        request,
        { kind: 'SUBSCRIPTION_GIFT', discordId: request.discordId },
        idempotencyKey,
      );
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
