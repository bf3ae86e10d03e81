import type { PlanDetail } from '@ember/contracts/catalog';
import { useRef, useState } from 'react';
import { useGiftSubscription } from '../api/gift-subscription.ts';
import { usePurchaseSubscription } from '../api/purchase-subscription.ts';
import type { CheckoutReceipt, CheckoutRequest } from '../components/purchase-panel.tsx';

/**
 * Purchase and Gift once the panel's checks passed: Purchase buys at once, Gift first asks for the
 * receiver. One sale at a time (a second click while one runs does nothing).
 */
export function useCheckout(plan: PlanDetail) {
  const purchase = usePurchaseSubscription(plan);
  const gift = useGiftSubscription(plan);
  const [giftRequest, setGiftRequest] = useState<CheckoutRequest | null>(null);
  const [receipt, setReceipt] = useState<CheckoutReceipt | null>(null);
  const running = useRef(false);
  const pending: CheckoutRequest['kind'] | null = purchase.isPending
    ? 'purchase'
    : gift.isPending
      ? 'gift'
      : null;

  /** Purchase rejects with the server's refusal, which the buy box shows; Gift opens the dialog. */
  async function start(request: CheckoutRequest): Promise<void> {
    if (running.current) return;
    setReceipt(null);
    if (request.kind === 'gift') {
      setGiftRequest(request);
      return;
    }
    running.current = true;
    try {
      const sub = await purchase.mutateAsync({
        priceId: request.price.id,
        discountCode: request.discountCode,
      });
      setReceipt({ kind: 'purchase', paid: sub.purchasePrice });
    } finally {
      running.current = false;
    }
  }

  /** Rejects with the server's refusal, which the gift dialog shows. */
  async function sendGift(discordId: string): Promise<void> {
    if (!giftRequest || running.current) return;
    running.current = true;
    try {
      const sub = await gift.mutateAsync({
        discordId,
        priceId: giftRequest.price.id,
        discountCode: giftRequest.discountCode,
      });
      setReceipt({ kind: 'gift', paid: sub.purchasePrice });
      setGiftRequest(null);
    } finally {
      running.current = false;
    }
  }

  return {
    start,
    pending,
    receipt,
    giftRequest,
    sendGift,
    closeGift: () => setGiftRequest(null),
  };
}
