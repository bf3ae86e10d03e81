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
 * The choice a guest made on `page` before signing in, read once when the page opens signed in
 * (then it is the page's own state, and forgotten), or null. A guest's page is left as the server
 * rendered it (the choice waits for the sign-in): restoring it there would not match that markup.
 */
export function useKeptCheckout(page: string, signedIn: boolean): KeptCheckout | null {
  const [kept] = useState(() =>
    signedIn ? readSignInChoice(page, (choice) => keptCheckout.safeParse(choice).data ?? null) : null,
  );
  useEffect(() => {
    if (kept) forgetSignInChoice(page);
  }, [page, kept]);
  return kept;
}
