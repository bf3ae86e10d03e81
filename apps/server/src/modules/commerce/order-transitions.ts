import { outOfStockMessage } from '@ember/contracts/commerce';
import type { OrderStatus } from '@ember/contracts/enums';
import { canMoveOrder, holdsStock } from '@ember/contracts/order-status';
import type { NewOrder, Order } from '@ember/db/schema/commerce';
import { Conflict } from '../../lib/errors.ts';
import type { HandedDb } from './db.ts';
import { updateOrderRow } from './orders.repository.ts';
import { findStock, giveStockBack, takeStock } from './products.repository.ts';

/** A move the state machine (decision 0014) does not allow; callers decide whether that is an error or a no-op. */
export class OrderMoveRefused extends Conflict {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`);
  }
}

/** Fields a move may set along with the status. */
export type MoveDetails = Pick<
  Partial<NewOrder>,
  'paymentId' | 'completedById' | 'completedDate' | 'disputeShortfall' | 'disputeAmount'
>;

/**
 * THE one way an order's status changes. `order` must be the row locked in `tx` (lockOrder). Refuses
 * moves the state machine does not list; keeps the stock in step: leaving the statuses that hold
 * stock gives the order's units back, returning to them takes the units again (refused with 409
 * when they are gone). Returns the updated row.
 */
export async function moveOrder(
  tx: HandedDb,
  order: Order,
  to: OrderStatus,
  details: MoveDetails = {},
  units: number = order.amount + order.bonusAmount,
): Promise<Order> {
  if (!canMoveOrder(order.status, to)) throw new OrderMoveRefused(order.status, to);
  let reservedStock = order.reservedStock;
  if (holdsStock(order.status) && !holdsStock(to) && reservedStock > 0) {
    await giveStockBack(tx, order.productId, reservedStock);
    reservedStock = 0;
  } else if (!holdsStock(order.status) && holdsStock(to)) {
    const stocked = (await findStock(tx, order.productId)) !== null;
    if (stocked) {
      if (!(await takeStock(tx, order.productId, units))) {
        throw new Conflict(outOfStockMessage((await findStock(tx, order.productId)) ?? 0));
      }
      reservedStock = units;
    }
  }
  return updateOrderRow(tx, order.id, { status: to, reservedStock, ...details });
}
