import { formatUserCode, normalizeUserCode } from '@ember/contracts/client-api';
import { z } from '@ember/contracts/zod';

export const USER_CODE_INVALID_MESSAGE = 'Enter the 8-letter code your client shows, like BCDF-GHJK.';

/**
 * A code as the client shows it ("BCDF-GHJK") from what a person typed or pasted: any case, with or
 * without the dash or spaces (docs/client-api.md §1). Null when it cannot be a code.
 */
export function toShownUserCode(typed: string): string | null {
  const code = normalizeUserCode(typed);
  return code ? formatUserCode(code) : null;
}

/** The /device form: the typed code, sent in the client's own spelling. */
export const deviceCodeForm = z.object({
  code: z.string().transform((typed, ctx) => {
    const code = toShownUserCode(typed);
    if (code) return code;
    ctx.addIssue({ code: 'custom', message: USER_CODE_INVALID_MESSAGE });
    return z.NEVER;
  }),
});
export type DeviceCodeFormInput = z.input<typeof deviceCodeForm>;
