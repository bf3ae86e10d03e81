import type { OrderFullResponse, OrderResponse, PaymentResponse } from '@ember/contracts/commerce';
import type { Payment } from '@ember/db/schema/commerce';
import type { OrderViewRow } from './orders.repository.ts';

/** When an unpaid card or crypto order expires (the expiry sweep's rule, decision 0014); else null. */
function payByOf(order: OrderViewRow['order'], expiryMinutes: number): string | null {
  const unpaid = order.status === 'pending' || order.status === 'awaiting_payment';
  if (!unpaid || order.paymentProcessor === 'GP') return null;
  return new Date(order.creationDate.getTime() + expiryMinutes * 60_000).toISOString();
}

/**
 * An order as the API answers it (spec §3 Order). `expiryMinutes` is ORDER_EXPIRY_MINUTES: an
 * unpaid order's `payBy`.
 */
export function toOrderResponse(
  { order, buyer, product }: OrderViewRow,
  expiryMinutes: number,
): OrderResponse {
  return {
    id: order.id,
    buyer,
    product,
    productName: order.productName,
    amount: order.amount,
    bonusAmount: order.bonusAmount,
    unitPrice: order.unitPrice,
    discountPercent: order.discountPercent,
    totalPrice: order.total,
    currency: order.currency,
    orderStatus: order.status,
    paymentProcessor: order.paymentProcessor,
    paymentId: order.paymentId,
    extraInfo: order.extraInfo,
    creationDate: order.creationDate.toISOString(),
    completedDate: order.completedDate?.toISOString() ?? null,
    needsStaff:
      order.needsStaffReason && order.needsStaffSince
        ? { reason: order.needsStaffReason, since: order.needsStaffSince.toISOString() }
        : null,
    payBy: payByOf(order, expiryMinutes),
  };
}

export function toPaymentResponse(payment: Payment): PaymentResponse {
  return {
    id: payment.id,
    orderId: payment.orderId,
    gateway: payment.gateway,
    providerId: payment.providerId,
    status: payment.status,
    checkoutUrl: payment.checkoutUrl,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
  };
}

export function toOrderFullResponse(
  view: OrderViewRow,
  payments: readonly Payment[],
  completedBy: { id: number; username: string } | null,
  expiryMinutes: number,
): OrderFullResponse {
  return {
    ...toOrderResponse(view, expiryMinutes),
    payments: payments.map(toPaymentResponse),
    completedBy,
    deliveredUnits: (view.order.amount + view.order.bonusAmount) * view.product.unitSize,
    disputeShortfall: view.order.disputeShortfall,
    disputeAmount: view.order.disputeAmount,
  };
}
