import type { OrderResponse, ProductResponse } from '@ember/contracts/commerce';
import { GENERIC_ERROR_MESSAGE } from '@ember/contracts/errors';
import { priceOrder } from '@ember/contracts/pricing';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { cancelOrder, createPayment, goToPayment } from '../../../lib/orders/order-payments.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { productKeys } from '../../../lib/query-keys/products.ts';
import { createOrder, useCreateOrder } from '../api/create-order.ts';
import type { PurchaseFormValues } from '../utils/purchase-form.ts';

/** What the payment confirmation restates: the product, the quantity and the total. */
export interface PurchaseSummary {
  product: Pick<ProductResponse, 'name' | 'kind' | 'priceUnit' | 'unitSize' | 'paymentProcessor'>;
  amount: number;
  /** Free units from a bulk discount, on top of `amount`. */
  bonusAmount: number;
  /** Minor units of `currency`. */
  total: number;
  currency: ProductResponse['currency'];
}

/** Where the purchase of a product stands (spec §4 purchase flow for products, issue 26). */
export type PurchaseStep =
  | { step: 'idle' }
  /** The purchase modal is open. */
  | { step: 'choosing'; product: ProductResponse }
  /**
   * Paid with a processor: 'Press OK to continue to payment page', with the product, quantity and
   * total. Nothing exists on the server yet unless `order` is set (OK was pressed, and the checkout
   * could not be opened, or the server priced the order differently): Cancel then cancels it.
   */
  | {
      step: 'confirming';
      product: ProductResponse;
      values: PurchaseFormValues;
      summary: PurchaseSummary;
      order: OrderResponse | null;
      /** Why the buyer is asked again (a refusal, a changed price); null the first time. */
      problem: string | null;
      /** OK was pressed: the order and its checkout are being made, or the browser is leaving. */
      working: boolean;
      /** Cancel was pressed on a placed order: it is being cancelled. */
      cancelling: boolean;
    }
  /** Paid in GP: the order waits for the in-game trade ('Order Placed'). */
  | { step: 'placed'; order: OrderResponse };

type Confirming = Extract<PurchaseStep, { step: 'confirming' }>;

/** The server's refusal as a person reads it; null when the session policy already told them. */
function refusalOf(error: unknown): string | null {
  if (error instanceof ApiError && error.handled) return null;
  const message = error instanceof Error ? error.message.trim() : '';
  return message || GENERIC_ERROR_MESSAGE;
}

function summaryOfOrder(order: OrderResponse): PurchaseSummary {
  return {
    product: { ...order.product, name: order.productName },
    amount: order.amount,
    bonusAmount: order.bonusAmount,
    total: order.totalPrice,
    currency: order.currency,
  };
}

/**
 * The buy flow of the products pages. A processor payment asks first ('Press OK to continue to
 * payment page', naming the product, quantity and total) and creates nothing until OK: then the
 * order, its checkout (the address in the Location header), and the way there. Cancel leaves
 * nothing behind: no order awaiting payment, no stock held (issue 26, item 1). An order paid in GP
 * is placed at once and shows 'Order Placed' (spec §4). One press sends once, however often the
 * button is clicked.
 */
export function useProductPurchase() {
  const placeOrder = useCreateOrder();
  const queryClient = useQueryClient();
  /** An order was placed or cancelled: the order lists and the products' stock follow. */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
    ]);
  const [state, setState] = useState<PurchaseStep>({ step: 'idle' });
  /** A request is on its way: a second press (a double click) sends nothing more. */
  const sending = useRef(false);

  const update = (patch: Partial<Confirming>) =>
    setState((current) => (current.step === 'confirming' ? { ...current, ...patch } : current));

  /** The purchase modal's submit: GP orders are placed; processor payments are confirmed first. */
  async function purchase(product: ProductResponse, values: PurchaseFormValues): Promise<void> {
    if (product.paymentProcessor !== 'GP') {
      const price = priceOrder(product, values.amount);
      setState({
        step: 'confirming',
        product,
        values,
        summary: {
          product,
          amount: values.amount,
          bonusAmount: price.bonusAmount,
          total: price.total,
          currency: product.currency,
        },
        order: null,
        problem: null,
        working: false,
        cancelling: false,
      });
      return;
    }
    if (sending.current) return;
    sending.current = true;
    try {
      const order = await placeOrder.mutateAsync({
        productId: product.id,
        amount: values.amount,
        extraInfo: values.extraInfo,
      });
      setState({ step: 'placed', order });
    } finally {
      sending.current = false;
    }
  }

  /** OK at the confirmation: the order (once), its checkout, then the payment page. */
  async function confirm(): Promise<void> {
    if (state.step !== 'confirming' || sending.current) return;
    sending.current = true;
    const { product, values, summary } = state;
    update({ working: true, problem: null });
    let order = state.order;
    try {
      if (!order) {
        // Plain calls, not mutations: a refusal is shown once, in this dialog, not also as a toast.
        order = await createOrder({
          productId: product.id,
          amount: values.amount,
          extraInfo: values.extraInfo,
        });
        void refresh();
        update({ order });
        // The server prices the order; if that is not what the buyer agreed to, they are asked again.
        if (order.totalPrice !== summary.total || order.bonusAmount !== summary.bonusAmount) {
          update({
            summary: summaryOfOrder(order),
            working: false,
            problem:
              'The price changed while you were choosing. Check the new total, then press OK to pay it.',
          });
          return;
        }
      }
      goToPayment(await createPayment(order.id));
      // The browser is leaving: the dialog stays busy until it has.
    } catch (error) {
      update({ working: false, problem: refusalOf(error) });
    } finally {
      sending.current = false;
    }
  }

  /** Cancel at the confirmation: nothing to undo, or the order OK placed is cancelled at once. */
  async function cancel(): Promise<void> {
    if (state.step !== 'confirming') {
      setState({ step: 'idle' });
      return;
    }
    if (sending.current || state.working) return;
    if (!state.order) {
      setState({ step: 'idle' });
      return;
    }
    sending.current = true;
    update({ cancelling: true, problem: null });
    try {
      await cancelOrder(state.order.id);
      void refresh();
      setState({ step: 'idle' });
    } catch (error) {
      const why = refusalOf(error);
      update({ cancelling: false, problem: why && `The order could not be cancelled: ${why}` });
    } finally {
      sending.current = false;
    }
  }

  return {
    state,
    busy: placeOrder.isPending,
    choose: (product: ProductResponse) => setState({ step: 'choosing', product }),
    purchase,
    confirm,
    cancel,
    close: () => setState({ step: 'idle' }),
  };
}
