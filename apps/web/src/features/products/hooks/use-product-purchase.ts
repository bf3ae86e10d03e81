import type { OrderResponse, ProductResponse } from '@ember/contracts/commerce';
import { useRef, useState } from 'react';
import { useCreateOrder } from '../api/create-order.ts';
import { useCreatePayment } from '../api/create-payment.ts';
import type { PurchaseFormValues } from '../utils/purchase-form.ts';

/** Where the purchase of a product stands (spec §4 purchase flow for products). */
export type PurchaseStep =
  | { step: 'idle' }
  /** The purchase modal is open. */
  | { step: 'choosing'; product: ProductResponse }
  /** Paid with a processor: the checkout is open, the buyer confirms before leaving for it. */
  | { step: 'confirming'; order: OrderResponse; checkoutUrl: string }
  /** Paid in GP: the order waits for the in-game trade ('Order Placed'). */
  | { step: 'placed'; order: OrderResponse };

/** Only web addresses are followed: never a javascript: or data: URL, whatever the answer says. */
function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Spec §4: create the order; for a processor, open the payment (its address comes back in the
 * Location header), confirm 'Press OK to continue to payment page' and go there; for GP, show
 * 'Order Placed'. A refusal of either call rejects, and the purchase modal shows it.
 */
export function useProductPurchase() {
  const createOrder = useCreateOrder();
  const createPayment = useCreatePayment();
  const [state, setState] = useState<PurchaseStep>({ step: 'idle' });
  /**
   * The order whose checkout could not be opened: trying again with the same product and amount
   * opens a checkout for it instead of placing a second order.
   */
  const unpaid = useRef<{ key: string; order: OrderResponse } | null>(null);

  async function purchase(product: ProductResponse, values: PurchaseFormValues): Promise<void> {
    const key = JSON.stringify([product.id, values.amount, values.extraInfo]);
    const order =
      unpaid.current?.key === key
        ? unpaid.current.order
        : await createOrder.mutateAsync({
            productId: product.id,
            amount: values.amount,
            extraInfo: values.extraInfo,
          });
    unpaid.current = null;
    if (order.paymentProcessor === 'GP') {
      setState({ step: 'placed', order });
      return;
    }
    let checkoutUrl: string;
    try {
      checkoutUrl = await createPayment.mutateAsync(order.id);
      if (!isWebAddress(checkoutUrl)) throw new Error('The payment page could not be opened.');
    } catch (error) {
      unpaid.current = { key, order };
      throw error;
    }
    setState({ step: 'confirming', order, checkoutUrl });
  }

  return {
    state,
    busy: createOrder.isPending || createPayment.isPending,
    choose: (product: ProductResponse) => setState({ step: 'choosing', product }),
    purchase,
    goToPayment: (checkoutUrl: string) => window.location.assign(checkoutUrl),
    close: () => {
      unpaid.current = null;
      setState({ step: 'idle' });
    },
  };
}
