import {
  purchasedMessage,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { subCountKeys } from '../../../lib/query-keys/sub-counts.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';

export interface PurchaseInput {
  priceId: number;
  /** Only for a price that offers the field (spec §2); blank means none. */
  discountCode: string | null;
  /** One key per press, kept when the same press is retried after a failure: a retry is not a second sale. */
  idempotencyKey: string;
}

/**
 * POST shop /subscriptions?priceId&discountCode: buys the price for the caller with credits. The
 * server computes what it costs; no total is ever sent.
 */
export async function purchaseSubscription({
  priceId,
  discountCode,
  idempotencyKey,
}: PurchaseInput): Promise<SubscriptionResponse> {
  return apiFetch('shop', '/subscriptions', subscriptionResponse, {
    method: 'POST',
    query: { priceId, discountCode: discountCode || undefined },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * What a sale changes, by resource name: the balance (the nav's 'Credits: N' among them), every
 * subscription list (the account page's), the credit ledger and this plan's slot counts.
 */
export const staleAfterSale = (planId: number) => [
  userKeys.me,
  subscriptionKeys.all,
  transactionKeys.all,
  subCountKeys.plan(planId),
];

/** Purchase on the plan page: 'Successfully purchased {plan name}', then the balance refreshes. */
export const usePurchaseSubscription = (plan: { id: number; name: string }) =>
  useActionMutation({
    mutationFn: purchaseSubscription,
    success: () => purchasedMessage(plan.name),
    refresh: staleAfterSale(plan.id),
  });
