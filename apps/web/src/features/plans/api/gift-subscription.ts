import {
  giftedMessage,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PurchaseInput, refreshAfterSale } from './purchase-subscription.ts';

export interface GiftInput extends PurchaseInput {
  /** The receiver's Discord id. */
  discordId: string;
  /** How the success message names the receiver ('Vera VIP (@vip)'); not sent. */
  receiverName: string;
  /** The giver's words to the receiver, plain text. */
  message?: string;
}

/** POST shop /subscriptions/gift?discordId&priceId&discountCode, with { message } when the giver wrote one. */
export async function giftSubscription({
  discordId,
  priceId,
  discountCode,
  idempotencyKey,
  message,
}: GiftInput): Promise<SubscriptionResponse> {
  return apiFetch('shop', '/subscriptions/gift', subscriptionResponse, {
    method: 'POST',
    query: { discordId, priceId, discountCode: discountCode || undefined },
    headers: { 'Idempotency-Key': idempotencyKey },
    ...(message ? { body: { message } } : {}),
  });
}

/** Gift on the plan page: 'Successfully gifted {plan name} to {receiver}', then the giver's balance refreshes. */
export function useGiftSubscription(plan: { id: number; name: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giftSubscription,
    onSuccess: (_subscription, { receiverName }) => {
      void notify.success(giftedMessage(plan.name, receiverName));
      return refreshAfterSale(queryClient, plan.id);
    },
  });
}
