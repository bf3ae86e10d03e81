import { currencySchema, paymentProcessorSchema, productKindSchema } from './enum-schemas.ts';
import { INT4_MAX, idField, idParam } from './ids.ts';
import { z } from './zod.ts';

// Contracts of products and their bulk discounts (spec §7 "Orders, payments, products", §3 Product,
// Bulk discount); re-exported by commerce.ts, where the web and the server import them from.

export const bulkDiscountResponse = z.object({
  discountThreshold: z.number().int(),
  extraAmount: z.number().int(),
});
export type BulkDiscountResponse = z.infer<typeof bulkDiscountResponse>;
export const bulkDiscountsResponse = z.array(bulkDiscountResponse);

/** The most tiers a product can have. */
export const MAX_BULK_DISCOUNT_TIERS = 20;
/** Admin product edits (the spec names no toast for them; worded like its others). */
export const PRODUCT_UPDATED_MESSAGE = 'Product updated!';
export const BULK_DISCOUNTS_SAVED_MESSAGE = 'Bulk discounts saved!';

const tierNumber = (what: string) => {
  const message = `The ${what} must be a whole number of at least 1.`;
  return z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, `The ${what} is too large.`);
};

/**
 * PUT /bulk-discounts/by-product/{productId} (admins): the product's whole list of tiers, which
 * replaces the stored one. Thresholds are unique; an empty list removes every tier.
 */
export const replaceBulkDiscountsBody = z
  .array(
    z.object(
      { discountThreshold: tierNumber('threshold'), extraAmount: tierNumber('extra amount') },
      { error: 'Each tier must be an object with discountThreshold and extraAmount.' },
    ),
    { error: 'The request body must be a list of tiers.' },
  )
  .max(MAX_BULK_DISCOUNT_TIERS, `A product can have at most ${MAX_BULK_DISCOUNT_TIERS} bulk discounts.`)
  .superRefine((tiers, context) => {
    const seen = new Set<number>();
    tiers.forEach((tier, index) => {
      if (seen.has(tier.discountThreshold)) {
        context.addIssue({
          code: 'custom',
          message: `Two tiers have the threshold ${tier.discountThreshold}: thresholds must be unique.`,
          path: [index, 'discountThreshold'],
        });
      }
      seen.add(tier.discountThreshold);
    });
  });

/**
 * Spec §3 Product. pricePerUnit is minor units of `currency` (EUR cents, whole GP); one unit
 * delivers `unitSize` (credits, GP, or days of VIP). stock null = unlimited (shown as infinity).
 */
export const productResponse = z.object({
  id: z.number().int(),
  kind: productKindSchema,
  name: z.string(),
  description: z.string(),
  paymentProcessor: paymentProcessorSchema,
  currency: currencySchema,
  pricePerUnit: z.number().int(),
  priceUnit: z.string(),
  unitSize: z.number().int(),
  minimumPurchase: z.number().int(),
  maximumPurchase: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  discountPercent: z.number().int(),
  imageUrl: z.string().nullable(),
  enabled: z.boolean(),
  /** Ascending by threshold; the best tier reached applies, once. */
  bulkDiscounts: bulkDiscountsResponse,
});
export type ProductResponse = z.infer<typeof productResponse>;
export const productsResponse = z.array(productResponse);

/** The products page names (spec §2 /products/{name}) and the kind each shows. */
export const PRODUCT_PAGE_NAMES = { credits: 'CREDITS', gp: 'GP', vip: 'VIP' } as const;
export type ProductPageName = keyof typeof PRODUCT_PAGE_NAMES;

export const productsQuery = z.object({
  kind: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(productKindSchema.optional()),
});

export const productIdParams = z.object({ id: idParam('product') });

const wholeNumber = (what: string, min: number) => {
  const message = `The ${what} must be a whole number of at least ${min}.`;
  return z.number({ error: message }).int(message).min(min, message).max(Number.MAX_SAFE_INTEGER, message);
};

/**
 * PUT /products/{id} (admins, spec §7): every editable field. pricePerUnit is minor units of
 * `currency` (EUR cents; whole GP, see gpPricePerUnit for the spec §9 conversion); stock null =
 * unlimited. GP is the currency of the GP processor only.
 */
export const updateProductBody = z
  .object(
    {
      id: idField('product'),
      name: z
        .string({ error: 'The name must be text.' })
        .trim()
        .min(1, 'The name must not be empty.')
        .max(100, 'The name can be at most 100 characters.'),
      minimumPurchase: wholeNumber('minimum purchase', 1).max(INT4_MAX, 'The minimum purchase is too large.'),
      maximumPurchase: wholeNumber('maximum purchase', 1)
        .max(INT4_MAX, 'The maximum purchase is too large.')
        .nullable(),
      paymentProcessor: paymentProcessorSchema,
      currency: z.enum(['EUR', 'GP'], { error: 'The currency must be EUR or GP.' }),
      stock: wholeNumber('stock', 0).nullable(),
      pricePerUnit: wholeNumber('price per unit', 0),
      discountPercent: wholeNumber('discount percent', 0).max(
        100,
        'The discount percent can be at most 100.',
      ),
    },
    { error: 'The request body must be a JSON object.' },
  )
  .refine((body) => body.maximumPurchase === null || body.maximumPurchase >= body.minimumPurchase, {
    message: 'The maximum purchase must not be below the minimum purchase.',
    path: ['maximumPurchase'],
  })
  .refine((body) => (body.paymentProcessor === 'GP') === (body.currency === 'GP'), {
    message: 'Products paid in GP are priced in GP, all others in EUR.',
    path: ['currency'],
  });
export type UpdateProductBody = z.input<typeof updateProductBody>;
export const productsByNameParams = z.object({
  name: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['credits', 'gp', 'vip'], { error: 'Products are credits, gp or vip.' })),
});
export const bulkDiscountsParams = z.object({ productId: idParam('product') });
