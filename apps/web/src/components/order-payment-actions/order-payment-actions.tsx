import { ORDER_CANCELLED_MESSAGE, type OrderResponse } from '@ember/contracts/commerce';
import { useState } from 'react';
import { useActionMutation } from '../../hooks/use-action-mutation.ts';
import { ApiError } from '../../lib/api-error.ts';
import { formatAmount } from '../../lib/format/money.ts';
import { unitsLabel } from '../../lib/format/product-units.ts';
import { cancelOrder, createPayment, goToPayment } from '../../lib/orders/order-payments.ts';
import { orderKeys } from '../../lib/query-keys/orders.ts';
import { productKeys } from '../../lib/query-keys/products.ts';
import { notify } from '../../lib/toast/notify.ts';
import wrapRow from '../../styles/wrap-row.module.css';
import { Button } from '../ui/button/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog/confirm-dialog.tsx';

/** A refusal of the checkout call (a plain call, so the action error policy does not see it): a toast. */
const tell = (error: unknown) => {
  if (error instanceof ApiError && error.handled) return;
  void notify.error(error instanceof Error && error.message ? error.message : 'An error occurred.');
};

/**
 * What the buyer can do with an order not paid yet (issue 26, item 1): "Continue to payment" (the
 * same checkout while it is open, a new one otherwise) for card and crypto orders, and "Cancel
 * order" (asked first; the server closes the checkout and gives the stock back at once). Shown by
 * the order history and the order's own page; render it only while `isAwaitingPayment(order)`.
 */
export function OrderPaymentActions({ order, size = 'sm' }: { order: OrderResponse; size?: 'sm' | 'md' }) {
  const [asking, setAsking] = useState(false);
  const [opening, setOpening] = useState(false);
  // A cancel shows in every order list and page, and gives the stock back to the products pages.
  const cancel = useActionMutation({
    mutationFn: cancelOrder,
    success: ORDER_CANCELLED_MESSAGE,
    refresh: [orderKeys.all, productKeys.all],
  });
  const product = unitsLabel(order.product, order.amount);

  async function continueToPayment() {
    if (opening) return;
    setOpening(true);
    try {
      goToPayment(await createPayment(order.id));
      // The browser is leaving: the button stays busy until it has.
    } catch (error) {
      setOpening(false);
      tell(error);
    }
  }

  return (
    <div className={wrapRow.gap2}>
      {order.paymentProcessor === 'GP' ? null : (
        <Button
          size={size}
          onClick={() => void continueToPayment()}
          loading={opening}
          disabled={cancel.isPending}
          aria-label={`Continue to payment of order ${order.id}`}
        >
          Continue to payment
        </Button>
      )}
      <Button
        size={size}
        variant="secondary"
        onClick={() => setAsking(true)}
        disabled={opening}
        loading={cancel.isPending}
        loadingText="Cancelling..."
        aria-label={`Cancel order ${order.id}`}
      >
        Cancel order
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Cancel order #${order.id}?`}
        message={`${order.productName}: ${product} for ${formatAmount(order.totalPrice, order.currency)}. Nothing is charged, and ${order.paymentProcessor === 'GP' ? 'our staff will not trade for it' : 'its payment page closes'}.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        destructive
        confirming={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(order.id, {
            onSuccess: () => setAsking(false),
            // The action error policy toasts the refusal (spec §8).
            onError: () => setAsking(false),
          })
        }
      />
    </div>
  );
}
