import { DISCOUNT_CODE_MAX_USES_DEFAULT } from './constants.ts';
import { INT4_MAX, idField, idParam } from './ids.ts';
import { z } from './zod.ts';

// Contracts of discount codes (spec §7 Discount codes, §3 Discount code, §5 messages). The rule
// "valid until is in the future" reads the clock of whoever validates: the browser for the form,
// the server (again, with its own clock) for the request.

/** Spec §5 messages. */
export const DISCOUNT_PERCENT_INVALID_MESSAGE = 'Discount percent must be greater than 0';
export const MAX_USES_INVALID_MESSAGE = 'Max uses must be positive or zero.';
export const VALID_UNTIL_PAST_MESSAGE = 'Valid until must be greater than today';

/** Spec §8 success toasts. */
export const DISCOUNT_CODE_CREATED_MESSAGE = 'Discount code created.';
export const DISCOUNT_CODE_UPDATED_MESSAGE = 'Discount code updated.';

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
const CODE_FORMAT_MESSAGE = 'A code is 3 to 32 letters, digits, - or _.';
const VALID_UNTIL_FORMAT_MESSAGE = 'Valid until must be a date, like 2030-01-31 or 2030-01-31T12:00:00Z.';

export const discountCodeResponse = z.object({
  /** The code buyers type (shown as Code). */
  id: z.string(),
  priceId: z.number().int(),
  discountPercent: z.number().int(),
  /** 0 = unlimited. */
  maxUses: z.number().int(),
  uses: z.number().int(),
  /** The end of the code's validity; null: no end date. */
  validUntil: z.iso.datetime().nullable(),
  enabled: z.boolean(),
});
export type DiscountCodeResponse = z.infer<typeof discountCodeResponse>;
export const discountCodesResponse = z.array(discountCodeResponse);

export const discountCodesOfPriceParams = z.object({
  priceId: idParam('price'),
});

/** A code typed by a person: blanks trimmed, upper-cased. */
const codeText = z
  .string({ error: CODE_FORMAT_MESSAGE })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, CODE_FORMAT_MESSAGE));

export const discountCodeIdParams = z.object({ id: codeText });

/**
 * An ISO date-time, or a plain date meaning the end of that day (UTC): "valid until 2030-01-31"
 * includes the 31st.
 */
const validUntilField = z
  .string({ error: VALID_UNTIL_FORMAT_MESSAGE })
  .trim()
  .pipe(z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: VALID_UNTIL_FORMAT_MESSAGE }))
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value))
  .refine((date) => !Number.isNaN(date.getTime()), VALID_UNTIL_FORMAT_MESSAGE)
  .refine((date) => date.getTime() > Date.now(), VALID_UNTIL_PAST_MESSAGE);

/**
 * Valid until, or no end date: an empty "Valid until" (blank, or null) means the code never
 * expires by date (issue 26). Output: the date, or null.
 */
const validUntilOrNoEndField = z
  .string({ error: VALID_UNTIL_FORMAT_MESSAGE })
  .trim()
  .nullable()
  .transform((value) => (value === '' ? null : value))
  .pipe(validUntilField.nullable());

const discountPercentField = z
  .number({ error: DISCOUNT_PERCENT_INVALID_MESSAGE })
  .int('Discount percent must be a whole number.')
  .min(1, DISCOUNT_PERCENT_INVALID_MESSAGE)
  .max(100, 'Discount percent can be at most 100.');

const maxUsesField = z
  .number({ error: MAX_USES_INVALID_MESSAGE })
  .int(MAX_USES_INVALID_MESSAGE)
  .min(0, MAX_USES_INVALID_MESSAGE)
  .max(INT4_MAX, MAX_USES_INVALID_MESSAGE);

const enabledField = z.boolean({ error: 'Enabled must be true or false.' });

/** POST /discount-codes. Without an id the server makes up a code. New codes default to enabled (spec §4). */
export const discountCodeBody = z.object(
  {
    id: codeText.optional(),
    priceId: idField('price'),
    discountPercent: discountPercentField,
    maxUses: maxUsesField.default(DISCOUNT_CODE_MAX_USES_DEFAULT),
    /** Blank, null or left out: no end date. */
    validUntil: validUntilOrNoEndField.optional().transform((value) => value ?? null),
    enabled: enabledField.default(true),
  },
  { error: 'The request body must be a JSON object.' },
);
export type DiscountCodeBody = z.input<typeof discountCodeBody>;

/** PUT /discount-codes/{id}: the id plus whichever fields change. */
export const updateDiscountCodeBody = z.object(
  {
    id: codeText,
    discountPercent: discountPercentField.optional(),
    maxUses: maxUsesField.optional(),
    /** Left out: unchanged; blank or null: no end date from now on. */
    validUntil: validUntilOrNoEndField.optional(),
    enabled: enabledField.optional(),
  },
  { error: 'The request body must be a JSON object.' },
);
export type UpdateDiscountCodeBody = z.input<typeof updateDiscountCodeBody>;
