import { z } from '@ember/contracts/zod';

export const USER_CODE_INVALID_MESSAGE = 'Enter the 8-letter code your client shows, like BCDF-GHJK.';

/**
 * A code as the client shows it ("BCDF-GHJK") from what a person typed or pasted: any case, with or
 * without the dash or spaces (docs/client-api.md §1). Null when it is not 8 letters.
 */
export function normalizeUserCode(typed: string): string | null {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  if (!/^[A-Z]{8}$/.test(letters)) return null;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** The /device form: the typed code, sent in the client's own spelling. */
export const deviceCodeForm = z.object({
  code: z.string().transform((typed, ctx) => {
    const code = normalizeUserCode(typed);
    if (code) return code;
    ctx.addIssue({ code: 'custom', message: USER_CODE_INVALID_MESSAGE });
    return z.NEVER;
  }),
});
export type DeviceCodeFormInput = z.input<typeof deviceCodeForm>;
