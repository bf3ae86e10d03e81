import { wholeAmountText } from '@ember/contracts/amounts';
import {
  createOrderBody,
  INVALID_AMOUNT_MESSAGE,
  maximumPurchaseMessage,
  minimumPurchaseMessage,
  outOfStockMessage,
  type ProductResponse,
  TERMS_NOT_ACCEPTED_MESSAGE,
} from '@ember/contracts/commerce';
import { INT4_MAX } from '@ember/contracts/ids';
import { z } from '@ember/contracts/zod';

/**
 * The purchase modal's form over the order contract: the amount as typed (a whole number, spec §5
 * 'Please enter a valid amount.'), the buyer's note, and the terms (checked here only). The
 * product's minimum, maximum and stock are checked with the server's own messages so the buyer
 * hears about them before anything is sent; the server checks them again, and prices the order.
 */
const amountText = wholeAmountText(INVALID_AMOUNT_MESSAGE, INT4_MAX);

export function purchaseFormSchema(
  product: Pick<ProductResponse, 'minimumPurchase' | 'maximumPurchase' | 'stock'>,
) {
  return z.object({
    amount: amountText.superRefine((amount, ctx) => {
      if (amount < product.minimumPurchase) {
        ctx.addIssue({ code: 'custom', message: minimumPurchaseMessage(product.minimumPurchase) });
      } else if (product.maximumPurchase !== null && amount > product.maximumPurchase) {
        ctx.addIssue({ code: 'custom', message: maximumPurchaseMessage(product.maximumPurchase) });
      } else if (product.stock !== null && amount > product.stock) {
        ctx.addIssue({ code: 'custom', message: outOfStockMessage(product.stock) });
      }
    }),
    extraInfo: createOrderBody.shape.extraInfo,
    acceptedTerms: z.boolean().refine((accepted) => accepted, TERMS_NOT_ACCEPTED_MESSAGE),
  });
}

export type PurchaseFormSchema = ReturnType<typeof purchaseFormSchema>;
export type PurchaseFormInput = z.input<PurchaseFormSchema>;
export type PurchaseFormValues = z.output<PurchaseFormSchema>;

/** The amount as typed, as a whole number of units (1 or more) for the live price; else null. */
export function typedUnits(text: string | undefined): number | null {
  const parsed = amountText.safeParse(text ?? '');
  return parsed.success ? parsed.data : null;
}
