import type { OrderFullResponse, OrderResponse, PaymentResponse } from '@ember/contracts/commerce';
import type { Payment } from '@ember/db/schema/commerce';
import type { OrderViewRow } from './orders.repository.ts';

/** An order as the API answers it (spec §3 Order). */
export function toOrderResponse({ order, buyer, product }: OrderViewRow): OrderResponse {
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
): OrderFullResponse {
  return {
    ...toOrderResponse(view),
    payments: payments.map(toPaymentResponse),
    completedBy,
    deliveredUnits: (view.order.amount + view.order.bonusAmount) * view.product.unitSize,
    disputeShortfall: view.order.disputeShortfall,
    disputeAmount: view.order.disputeAmount,
  };
}
