import type { PlanDetail } from '@ember/contracts/catalog';
import { useRef, useState } from 'react';
import { createRetryKeys } from '../../../lib/idempotency-key.ts';
import { useGiftSubscription } from '../api/gift-subscription.ts';
import { usePurchaseSubscription } from '../api/purchase-subscription.ts';
import type { CheckoutReceipt, CheckoutRequest } from '../components/purchase-panel.tsx';

/**
 * Purchase and Gift once the panel's checks passed. Purchase first asks for confirmation with the
 * total (no credits move before the buyer says yes); Gift first asks for the receiver. One sale at
 * a time (a second click while one is being confirmed or runs does nothing). Each sale carries an
 * Idempotency-Key; pressed again after it failed, the same sale keeps its key, so a sale whose
 * answer was lost (a server restarting, the network) is answered again rather than made twice.
 */
export function useCheckout(plan: PlanDetail) {
  const purchase = usePurchaseSubscription(plan);
  const gift = useGiftSubscription(plan);
  const [giftRequest, setGiftRequest] = useState<CheckoutRequest | null>(null);
  const [purchaseRequest, setPurchaseRequest] = useState<CheckoutRequest | null>(null);
  const [receipt, setReceipt] = useState<CheckoutReceipt | null>(null);
  const running = useRef(false);
  const [purchaseKeys] = useState(createRetryKeys);
  const [giftKeys] = useState(createRetryKeys);
  /** Answers the open purchase confirmation: true to buy, false to leave it. */
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  const pending: CheckoutRequest['kind'] | null = purchase.isPending
    ? 'purchase'
    : gift.isPending
      ? 'gift'
      : null;

  function confirmed(request: CheckoutRequest): Promise<boolean> {
    return new Promise((resolve) => {
      answer.current = resolve;
      setPurchaseRequest(request);
    });
  }

  /**
   * Purchase resolves when the buyer cancels or the sale is done, and rejects with the server's
   * refusal, which the buy box shows; Gift opens the dialog.
   */
  async function start(request: CheckoutRequest): Promise<void> {
    if (running.current || answer.current) return;
    setReceipt(null);
    if (request.kind === 'gift') {
      setGiftRequest(request);
      return;
    }
    if (!(await confirmed(request))) return;
    running.current = true;
    try {
      const sale = { priceId: request.price.id, discountCode: request.discountCode };
      const sub = await purchase.mutateAsync({ ...sale, idempotencyKey: purchaseKeys.keyFor(sale) });
      purchaseKeys.succeeded();
      setReceipt({ kind: 'purchase', paid: sub.purchasePrice });
    } finally {
      running.current = false;
      answer.current = null;
      setPurchaseRequest(null);
    }
  }

  function answerPurchase(yes: boolean) {
    if (running.current) return;
    const resolve = answer.current;
    if (!yes) {
      answer.current = null;
      setPurchaseRequest(null);
    }
    resolve?.(yes);
  }

  /** Rejects with the server's refusal, which the gift dialog shows. */
  async function sendGift(discordId: string): Promise<void> {
    if (!giftRequest || running.current) return;
    running.current = true;
    try {
      const sale = { discordId, priceId: giftRequest.price.id, discountCode: giftRequest.discountCode };
      const sub = await gift.mutateAsync({ ...sale, idempotencyKey: giftKeys.keyFor(sale) });
      giftKeys.succeeded();
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
    purchaseRequest,
    confirmPurchase: () => answerPurchase(true),
    cancelPurchase: () => answerPurchase(false),
    giftRequest,
    sendGift,
    closeGift: () => setGiftRequest(null),
  };
}
