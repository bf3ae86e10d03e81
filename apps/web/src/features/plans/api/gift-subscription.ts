import {
  giftedMessage,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PurchaseInput, staleAfterSale } from './purchase-subscription.ts';

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
export const useGiftSubscription = (plan: { id: number; name: string }) =>
  useActionMutation({
    mutationFn: giftSubscription,
    success: (_subscription, { receiverName }) => giftedMessage(plan.name, receiverName),
    refresh: staleAfterSale(plan.id),
  });
