import type { PlanDetail } from '@ember/contracts/catalog';
import type { UserLookup } from '@ember/contracts/identity';
import { useRef, useState } from 'react';
import { createRetryKeys } from '../../../lib/idempotency-key.ts';
import { receiverName } from '../../../lib/users/look-up-user.ts';
import { useGiftSubscription } from '../api/gift-subscription.ts';
import { usePurchaseSubscription } from '../api/purchase-subscription.ts';
import type { CheckoutRequest } from '../components/purchase-panel.tsx';

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
  /** A sale went through on this visit (the toast said so; the kept choice's note is done). */
  const [sold, setSold] = useState(false);
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
    if (request.kind === 'gift') {
      setGiftRequest(request);
      return;
    }
    if (!(await confirmed(request))) return;
    running.current = true;
    try {
      const sale = { priceId: request.price.id, discountCode: request.discountCode };
      await purchase.mutateAsync({ ...sale, idempotencyKey: purchaseKeys.keyFor(sale) });
      purchaseKeys.succeeded();
      setSold(true);
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
  async function sendGift(receiver: UserLookup, message: string | undefined): Promise<void> {
    if (!giftRequest || running.current) return;
    running.current = true;
    try {
      const sale = {
        discordId: receiver.discordId,
        priceId: giftRequest.price.id,
        discountCode: giftRequest.discountCode,
      };
      await gift.mutateAsync({
        ...sale,
        receiverName: receiverName(receiver),
        message,
        idempotencyKey: giftKeys.keyFor(sale),
      });
      giftKeys.succeeded();
      setSold(true);
      setGiftRequest(null);
    } finally {
      running.current = false;
    }
  }

  return {
    start,
    pending,
    sold,
    purchaseRequest,
    confirmPurchase: () => answerPurchase(true),
    cancelPurchase: () => answerPurchase(false),
    giftRequest,
    sendGift,
    closeGift: () => setGiftRequest(null),
  };
}
