import {
  ACCOUNT_HELD_MESSAGE,
  type createOrderBody,
  maximumPurchaseMessage,
  minimumPurchaseMessage,
  ORDER_NOT_COMPLETABLE_MESSAGE,
  ORDER_NOT_NEEDING_STAFF_MESSAGE,
  type OrderFullResponse,
  type OrderPage,
  type OrderResponse,
  type OrdersNeedingStaffResponse,
  type ordersQuery,
  outOfStockMessage,
  PRODUCT_UNAVAILABLE_MESSAGE,
  STRIPE_MINIMUM_MESSAGE,
} from '@ember/contracts/commerce';
import type { PaymentProcessor } from '@ember/contracts/enums';
import { totalPagesOf } from '@ember/contracts/paging';
import { priceOrder } from '@ember/contracts/pricing';
import type { z } from 'zod';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Notify } from '../notifications/index.ts';
import { accountStanding } from '../users/index.ts';
import type { Db, HandedDb } from './db.ts';
import type { Fulfilment } from './fulfilment.ts';
import { resolveForStaff } from './needs-staff.ts';
import { moveOrder } from './order-transitions.ts';
import { toOrderFullResponse, toOrderResponse } from './order-views.ts';
import {
  countOrders,
  countOrdersNeedingStaff,
  findCompleter,
  findOrdersOfBuyer,
  findOrdersPage,
  findOrderView,
  insertOrder,
  lockOrder,
  type OrderViewRow,
} from './orders.repository.ts';
import { findPaymentsOfOrder } from './payments.repository.ts';
import { findBulkDiscounts, findProduct, findStock, takeStock } from './products.repository.ts';

/** The buyer's order history shows at most this many orders (newest first). */
export const MY_ORDERS_LIMIT = 200;

/** Spec §7 orders: create (priced by the server only), read, list, complete; decision 0014. */
export function createOrdersService({
  db,
  clock,
  fulfilment,
  minimumTotal = () => 0,
  orderExpiryMinutes = 60,
  notify,
}: {
  db: Db;
  clock: () => Date;
  fulfilment: Fulfilment;
  /** Tells the buyer their GP trade is completed (the notification centre, wired by app.ts). */
  notify?: Notify;
  /** ORDER_EXPIRY_MINUTES: an unpaid order's pay-by time in the answers. */
  orderExpiryMinutes?: number;
  /** The smallest total the processor that takes a product's payments accepts (Stripe: 50 cents). */
  minimumTotal?: (processor: PaymentProcessor) => number;
}) {
  const toResponse = (row: OrderViewRow) => toOrderResponse(row, orderExpiryMinutes);

  async function view(id: number) {
    const row = await findOrderView(db, id);
    if (!row) throw new NotFound(`No order with id ${id}.`);
    return row;
  }

  async function productOfOrder(tx: HandedDb, productId: number) {
    const product = await findProduct(tx, productId);
    if (!product) throw new Error(`order references missing product ${productId}`);
    return product;
  }

  return {
    /**
     * Spec §7 POST orders: reads amount, productId and extraInfo only, prices the order itself
     * (spec §9), checks minimum, maximum and stock, and takes the stock in the same transaction
     * with a conditional UPDATE, so concurrent orders can never oversell.
     */
    async create(caller: Caller, body: z.output<typeof createOrderBody>): Promise<OrderResponse> {
      authorize(caller, 'order:create');
      const orderId = await db.transaction(async (tx) => {
        const account = await accountStanding.lockAccount(tx, caller.userId);
        if (!account) throw new NotFound('Your account no longer exists.');
        if (account.heldAt) throw new Forbidden(ACCOUNT_HELD_MESSAGE);
        const product = await findProduct(tx, body.productId);
        if (!product?.enabled) throw new NotFound(PRODUCT_UNAVAILABLE_MESSAGE);
        if (body.amount < product.minimumPurchase)
          throw new Invalid(minimumPurchaseMessage(product.minimumPurchase));
        if (product.maximumPurchase !== null && body.amount > product.maximumPurchase) {
          throw new Invalid(maximumPurchaseMessage(product.maximumPurchase));
        }
        const tiers = await findBulkDiscounts(tx, [product.id]);
        const price = priceOrder({ ...product, bulkDiscounts: tiers }, body.amount);
        if (price.total < minimumTotal(product.paymentProcessor)) throw new Invalid(STRIPE_MINIMUM_MESSAGE);
        const stocked = product.stock !== null;
        if (stocked && !(await takeStock(tx, product.id, price.deliveredAmount))) {
          throw new Conflict(outOfStockMessage((await findStock(tx, product.id)) ?? 0));
        }
        const order = await insertOrder(tx, {
          buyerId: caller.userId,
          productId: product.id,
          productName: product.name,
          paymentProcessor: product.paymentProcessor,
          currency: product.currency,
          amount: body.amount,
          bonusAmount: price.bonusAmount,
          unitPrice: product.pricePerUnit,
          discountPercent: product.discountPercent,
          total: price.total,
          status: 'pending',
          extraInfo: body.extraInfo ?? null,
          reservedStock: stocked ? price.deliveredAmount : 0,
          creationDate: clock(),
        });
        return order.id;
      });
      return toResponse(await view(orderId));
    },

    /** GET orders/my: the caller's orders, newest first. */
    async listMine(caller: Caller): Promise<OrderResponse[]> {
      authorize(caller, 'order:read', { userId: caller.userId });
      return (await findOrdersOfBuyer(db, caller.userId, MY_ORDERS_LIMIT)).map(toResponse);
    },

    /** GET orders (PAYMENTS): paged, sorted, searched. */
    async list(caller: Caller, query: z.output<typeof ordersQuery>): Promise<OrderPage> {
      authorize(caller, 'order:list');
      const { page, size, sort, ...filters } = query;
      const [rows, total] = await Promise.all([
        findOrdersPage(db, filters, { page, size, sort }),
        countOrders(db, filters, { page, size }),
      ]);
      return { content: rows.map(toResponse), totalPages: totalPagesOf(total, size) };
    },

    /** GET orders/needs-staff/count (PAYMENTS): the badge of /orders. */
    async countNeedingStaff(caller: Caller): Promise<OrdersNeedingStaffResponse> {
      authorize(caller, 'order:list');
      return { count: await countOrdersNeedingStaff(db) };
    },

    /** PUT orders/{id}/resolve (PAYMENTS, audited): staff settled what the order needed them for. */
    async resolve(caller: Caller, id: number): Promise<OrderResponse> {
      const role = authorize(caller, 'order:resolve');
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw new NotFound(`No order with id ${id}.`);
        if (!(await resolveForStaff(tx, id, actorOf(caller, role)))) {
          throw new Conflict(ORDER_NOT_NEEDING_STAFF_MESSAGE);
        }
      });
      return toResponse(await view(id));
    },

    /** For code that has already checked who may see the order. */
    getUnchecked: async (id: number): Promise<OrderResponse> => toResponse(await view(id)),

    async get(caller: Caller, id: number): Promise<OrderResponse> {
      const row = await view(id);
      authorize(caller, 'order:read', { userId: row.order.buyerId });
      return toResponse(row);
    },

    async getFull(caller: Caller, id: number): Promise<OrderFullResponse> {
      const row = await view(id);
      authorize(caller, 'order:read', { userId: row.order.buyerId });
      const [payments, completedBy] = await Promise.all([
        findPaymentsOfOrder(db, id),
        row.order.completedById ? findCompleter(db, row.order.completedById) : Promise.resolve(null),
      ]);
      return toOrderFullResponse(row, payments, completedBy, orderExpiryMinutes);
    },

    /**
     * PUT orders/{id}/complete (PAYMENTS, audited): a GP delivery after the in-game trade
     * (processing → completed), or an order paid in GP (pending → completed, delivering the
     * credits or VIP). Completing a completed order is a no-op; other states are refused.
     */
    async complete(caller: Caller, id: number): Promise<OrderResponse> {
      const role = authorize(caller, 'order:complete');
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw new NotFound(`No order with id ${id}.`);
        if (order.status === 'completed') return;
        const now = clock();
        const done = { completedById: caller.userId, completedDate: now };
        if (order.status === 'processing') {
          await moveOrder(tx, order, 'completed', done);
        } else if (order.status === 'pending' && order.paymentProcessor === 'GP') {
          const completed = await moveOrder(tx, order, 'completed', done);
          await fulfilment.deliver(tx, completed, await productOfOrder(tx, order.productId), now);
        } else {
          throw new Conflict(ORDER_NOT_COMPLETABLE_MESSAGE);
        }
        await recordAudit(tx, actorOf(caller, role), {
          action: 'order:complete',
          target: { kind: 'ORDER', id },
          before: { status: order.status },
          after: { status: 'completed' },
        });
        await notify?.(tx, {
          userId: order.buyerId,
          kind: 'GP_TRADE_COMPLETED',
          idempotencyKey: `order-completed:${id}`,
          params: { orderId: id, productName: order.productName },
          link: `/account?order=${id}`,
        });
      });
      return toResponse(await view(id));
    },

    /**
     * PUT orders/{id}/refund (PAYMENTS, audited): a refund staff made at the processor outside a
     * webhook (a BTCPay refund, a GP trade returned): the same reversal as a dispute.
     */
    async refund(caller: Caller, id: number): Promise<OrderResponse> {
      const role = authorize(caller, 'order:refund');
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw new NotFound(`No order with id ${id}.`);
        if (order.status === 'disputed') return;
        if (!['completed', 'processing', 'payment_received'].includes(order.status)) {
          throw new Conflict('Only a paid order can be refunded.');
        }
        const reversal = await fulfilment.reversePaidOrder(
          tx,
          order,
          await productOfOrder(tx, order.productId),
          clock(),
          `Refunded by staff (user ${caller.userId})`,
        );
        await recordAudit(tx, actorOf(caller, role), {
          action: 'order:refund',
          target: { kind: 'ORDER', id },
          before: { status: order.status },
          after: { status: reversal.order.status, shortfall: reversal.shortfall, held: reversal.held },
        });
      });
      return toResponse(await view(id));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
