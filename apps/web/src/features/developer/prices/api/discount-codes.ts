import {
  DISCOUNT_CODE_CREATED_MESSAGE,
  DISCOUNT_CODE_UPDATED_MESSAGE,
  type DiscountCodeBody,
  type DiscountCodeResponse,
  discountCodeResponse,
  discountCodesResponse,
  type UpdateDiscountCodeBody,
} from '@ember/contracts/discount-codes';
import { useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { discountCodeKeys } from '../../../../lib/query-keys/discount-codes.ts';
import { keyedQueryOptions } from '../../../../lib/query-options.ts';

/** GET shop /discount-codes/by-price/{priceId}: every code of the price (one page, spec §2). */
export function getDiscountCodes(priceId: number): Promise<DiscountCodeResponse[]> {
  return apiFetch('shop', `/discount-codes/by-price/${priceId}`, discountCodesResponse);
}

const discountCodesQuery = keyedQueryOptions(discountCodeKeys.ofPrice, getDiscountCodes);

export const useDiscountCodes = (priceId: number) => useQuery(discountCodesQuery(priceId));

/** POST shop /discount-codes, or PUT /discount-codes/{id} with the id plus what changed. */
export type SaveDiscountCodeInput =
  | { kind: 'create'; body: DiscountCodeBody }
  | { kind: 'update'; body: UpdateDiscountCodeBody };

export function saveDiscountCode(input: SaveDiscountCodeInput): Promise<DiscountCodeResponse> {
  return input.kind === 'create'
    ? apiFetch('shop', '/discount-codes', discountCodeResponse, { method: 'POST', body: input.body })
    : apiFetch('shop', `/discount-codes/${encodeURIComponent(input.body.id)}`, discountCodeResponse, {
        method: 'PUT',
        body: input.body,
      });
}

export const useSaveDiscountCode = (priceId: number) =>
  useActionMutation({
    mutationFn: saveDiscountCode,
    success: (_code, input) =>
      input.kind === 'create' ? DISCOUNT_CODE_CREATED_MESSAGE : DISCOUNT_CODE_UPDATED_MESSAGE,
    refresh: [discountCodeKeys.ofPrice(priceId)],
  });
