import type { OrderResponse } from '@ember/contracts/commerce';
import { orderReceiptFilename, orderReceiptPath } from '@ember/contracts/exports';
import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../lib/download.ts';
import { Button } from '../ui/button/button.tsx';

/** GET commerce /orders/{id}/receipt: the completed order's PDF receipt, order-receipt-{id}.pdf. */
function downloadOrderReceipt(id: number): Promise<string> {
  return downloadApiFile('commerce', orderReceiptPath(id), orderReceiptFilename(id), {
    headers: { Accept: 'application/pdf' },
  });
}

/**
 * "Receipt (PDF)" for an order that was completed (issue 35); nothing for one that was not. Shown by
 * the order history and the order's own page. A failed download is toasted by the action error policy.
 */
export function OrderReceiptButton({ order, size = 'sm' }: { order: OrderResponse; size?: 'sm' | 'md' }) {
  const download = useMutation({ mutationFn: () => downloadOrderReceipt(order.id) });
  if (!order.completedDate) return null;
  return (
    <Button
      size={size}
      variant="secondary"
      loading={download.isPending}
      onClick={() => download.mutate()}
      aria-label={`Download the receipt of order ${order.id} (PDF)`}
    >
      Receipt (PDF)
    </Button>
  );
}
