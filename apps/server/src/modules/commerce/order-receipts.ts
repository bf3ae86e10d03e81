import { ORDER_RECEIPT_NOT_COMPLETED_MESSAGE, orderReceiptFilename } from '@ember/contracts/exports';
import { Conflict } from '../../lib/errors.ts';
import type { Caller } from '../../policy/identity.ts';
import { orderReceiptPdf, type ReceiptSeller } from './order-receipt-pdf.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * Receipts of completed orders (issue 35): the buyer's own, and any for payments staff and admins,
 * by the policy's `order:read` (the read of the order itself decides). An order completed and later
 * refunded or disputed keeps its receipt, which prints its status now.
 */
export function createOrderReceipts({
  orders,
  clock,
  seller,
}: {
  orders: Pick<OrdersService, 'getFull'>;
  clock: () => Date;
  seller: ReceiptSeller;
}) {
  return {
    async receipt(caller: Caller, id: number): Promise<{ filename: string; body: Buffer }> {
      const order = await orders.getFull(caller, id);
      if (!order.completedDate) throw new Conflict(ORDER_RECEIPT_NOT_COMPLETED_MESSAGE);
      return {
        filename: orderReceiptFilename(id),
        body: await orderReceiptPdf(order, { seller, issuedAt: clock() }),
      };
    },
  };
}

export type OrderReceipts = ReturnType<typeof createOrderReceipts>;
