import { z } from '@ember/contracts/zod';
import { useEffect, useState } from 'react';
import { forgetSignInChoice, keepSignInChoice, readSignInChoice } from '../../../lib/auth/sign-in-choice.ts';

/** A guest's choice in the buy box when Purchase or Gift sent them to sign in. */
const keptCheckout = z.object({
  priceId: z.number().int().positive(),
  acceptedTerms: z.boolean(),
  discountCode: z.string().max(64),
  /** Which button the guest pressed. */
  action: z.enum(['purchase', 'gift']),
});
export type KeptCheckout = z.infer<typeof keptCheckout>;

/** Keeps the buy box's choice for `page` (its path) while the guest signs in. */
export function keepCheckoutForSignIn(page: string, choice: KeptCheckout): void {
  keepSignInChoice(page, choice);
}

/**
 * The choice a guest made on `page` before signing in, read once when the page opens (then it is
 * the page's own state, and forgotten), or null.
 */
export function useKeptCheckout(page: string): KeptCheckout | null {
  const [kept] = useState(() =>
    readSignInChoice(page, (choice) => keptCheckout.safeParse(choice).data ?? null),
  );
  useEffect(() => {
    if (kept) forgetSignInChoice(page);
  }, [page, kept]);
  return kept;
}
