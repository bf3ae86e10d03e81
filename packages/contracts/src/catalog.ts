import { PLAN_DEFAULT_PAGE_SIZE, PLAN_PAGE_SIZES } from './constants.ts';
import { periodSchema } from './enum-schemas.ts';
import { PERIODS } from './enums.ts';
import { INT4_MAX, idField, idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam, queryList, sortParam } from './paging.ts';
import { pluginShowcaseResponse } from './plugin-showcase.ts';
import { z } from './zod.ts';

export * from './catalog-access-lists.ts';
export * from './catalog-sub-counts.ts';

// Contracts of the catalog (spec §7 Plans, Prices, sub counts; §3 entities). Every message is a
// sentence written for the person filling the form: the server answers with it verbatim.

/** Spec §5 messages. */
export const PLAN_NAME_EMPTY_MESSAGE = 'Plan name was empty.';
export const PLAN_DESCRIPTION_EMPTY_MESSAGE = 'Plan description was empty.';
export const UNKNOWN_DISCORD_ID_MESSAGE = 'No user with that Discord ID';

/** Spec §8 success toasts of plans and prices. */
export const PLAN_ADDED_MESSAGE = 'Plan added successfully!';
export const PLAN_UPDATED_MESSAGE = 'Plan has been updated!';
export const PLAN_DELETED_MESSAGE = 'Plan deleted successfully!';
export const PLAN_ARCHIVED_MESSAGE =
  'Plan deleted successfully! It has sold before, so it was archived instead: it left the shop and your plans, running subscriptions keep their time, and every purchase record is kept.';
export const PRICE_CREATED_MESSAGE = 'Price created!';
export const PRICE_UPDATED_MESSAGE = 'Price updated!';
export const PRICE_DELETED_MESSAGE = 'Price deleted!';
export const SLOTS_REMOVED_MESSAGE =
  'Successfully removed max slots! It may take a few minutes to take effect.';

export const PLAN_MAX_PAGE_SIZE = Math.max(...PLAN_PAGE_SIZES);

const wholeNumber = (message: string, { min = 0, max = INT4_MAX } = {}) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const flag = (field: string) => z.boolean({ error: `${field} must be true or false.` });

const isWebAddress = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** An optional http(s) address; blank means none. Other schemes (`javascript:`) are refused. */
const optionalWebAddress = (field: string) =>
  z
    .string({ error: `${field} must be a web address.` })
    .trim()
    .max(2000, `${field} can be at most 2000 characters.`)
    .refine((value) => value === '' || isWebAddress(value), `${field} must start with http:// or https://.`)
    .nullish()
    .transform((value) => value || null);

// ---------------------------------------------------------------------------------------------
// Labels

export const labelResponse = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });
export type LabelResponse = z.infer<typeof labelResponse>;
export const labelsResponse = z.array(labelResponse);

// ---------------------------------------------------------------------------------------------
// Plans

export const planResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Markdown. */
  description: z.string(),
  imageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  forumLink: z.string().nullable(),
  ownerId: z.number().int(),
  /** The brand name for the product's own account, else the owner's display name. */
  ownerName: z.string(),
  ownerDiscordId: z.string(),
  labels: z.array(labelResponse),
  hidden: z.boolean(),
  enabled: z.boolean(),
  /** Highest promo discount percent among the plan's buyable prices; 0 when none. */
  promoDiscount: z.number().int(),
  /** Highest promo extra days among the plan's buyable prices; 0 when none. */
  promoExtraDays: z.number().int(),
  /** The lowest price a buyer pays among the plan's listed prices (after promo); null when none is listed. */
  fromPrice: z.number().int().nullable(),
  /** The plain average of its visible reviews' stars, one decimal; null without reviews (issue 35). */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int().nonnegative(),
});
export type PlanResponse = z.infer<typeof planResponse>;

/**
 * A page of the shop: beyond the spec's content and totalPages, how many plans match in all (the
 * count the page is placed with anyway), so the shop can say '33 plugins' (issue 34, item 8).
 */
export const planPageResponse = pageOf(planResponse).extend({
  totalElements: z.number().int().nonnegative(),
});
export type PlanPage = z.infer<typeof planPageResponse>;
export const plansResponse = z.array(planResponse);

/**
 * `popular`: most active subscriptions; `price`: the lowest listed price after promo (`fromPrice`);
 * `rating`: the Bayesian average of decision 0051 (a plan's stars with RATING_PRIOR added).
 */
export const PLAN_SORT_KEYS = ['name', 'id', 'createdAt', 'popular', 'price', 'rating'] as const;
export type PlanSortKey = (typeof PLAN_SORT_KEYS)[number];

/** GET /plans: the shop list. Filters combine with AND; `labelIds` matches plans having ANY of the labels. */
export const plansQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(PLAN_DEFAULT_PAGE_SIZE, PLAN_MAX_PAGE_SIZE),
  sort: sortParam(PLAN_SORT_KEYS, { key: 'id', order: 'asc' }),
  name: z
    .string({ error: 'The name filter must be text.' })
    .trim()
    .max(100, 'The name filter can be at most 100 characters.')
    .optional()
    .transform((value) => value || undefined),
  discordIds: queryList(
    z.string().regex(/^[0-9]{1,20}$/, 'A Discord id is a number, like 314159265358979301.'),
    {
      max: 100,
      tooMany: 'Filter by at most 100 developers.',
    },
  ),
  labelIds: queryList(idParam('label'), { max: 28, tooMany: 'Filter by at most 28 labels.' }),
  /** Plans whose average is at least this many stars (issue 35); plans without reviews are left out. */
  minRating: z.coerce
    .number({ error: 'The minimum rating must be a whole number from 1 to 5.' })
    .int('The minimum rating must be a whole number from 1 to 5.')
    .min(1, 'The minimum rating must be a whole number from 1 to 5.')
    .max(5, 'The minimum rating must be a whole number from 1 to 5.')
    .optional(),
  /** Plans with a listed price (after promo) of at most this many credits; 0 = free plans. */
  maxPrice: z.coerce
    .number({ error: 'The highest price must be a whole number of credits, 0 or more.' })
    .int('The highest price must be a whole number of credits, 0 or more.')
    .min(0, 'The highest price must be a whole number of credits, 0 or more.')
    .max(2_147_483_647, 'The highest price is too large.')
    .optional(),
});

/** GET /plans/developers: the shop's developer filter (owners of listed plans). */
export const planDeveloperResponse = z.object({
  discordId: z.string(),
  username: z.string(),
  displayName: z.string(),
});
export type PlanDeveloper = z.infer<typeof planDeveloperResponse>;
export const planDevelopersResponse = z.array(planDeveloperResponse);

export const planIdParams = z.object({ id: idParam('plan') });

/**
 * DELETE /plans/{id}: a plan that never sold is deleted; one that has sold is archived (out of the
 * shop and the owner's list, purchase records kept), and `archived` says which happened.
 */
export const deletePlanResponse = z.object({ archived: z.boolean(), message: z.string() });
export type DeletePlanResult = z.infer<typeof deletePlanResponse>;
export const planLabelParams = z.object({ planId: idParam('plan'), labelId: idParam('label') });

/** POST /plans and PUT /plans/{id}. */
export const createPlanBody = z.object(
  {
    name: z
      .string({ error: PLAN_NAME_EMPTY_MESSAGE })
      .trim()
      .min(1, PLAN_NAME_EMPTY_MESSAGE)
      .max(100, 'A plan name can be at most 100 characters.'),
    description: z
      .string({ error: PLAN_DESCRIPTION_EMPTY_MESSAGE })
      .trim()
      .min(1, PLAN_DESCRIPTION_EMPTY_MESSAGE)
      .max(20_000, 'A plan description can be at most 20000 characters.'),
    imageUrl: optionalWebAddress('The image URL'),
    tags: z
      .array(
        z
          .string({ error: 'Each tag must be text.' })
          .trim()
          .min(1, 'Tags cannot be blank.')
          .max(40, 'A tag can be at most 40 characters.'),
        { error: 'Tags must be a list of words.' },
      )
      .max(20, 'A plan can have at most 20 tags.')
      .default([])
      .transform((tags) => [...new Set(tags)]),
    forumLink: optionalWebAddress('The forum link'),
  },
  { error: 'The request body must be a JSON object.' },
);
export type CreatePlanBody = z.input<typeof createPlanBody>;
export const updatePlanBody = createPlanBody;
export type UpdatePlanBody = z.input<typeof updatePlanBody>;

// ---------------------------------------------------------------------------------------------
// Prices

/** The price after its promo, in whole credits, rounded down (in the buyer's favour). */
export function promoPrice(price: number, promoDiscountPercent: number): number {
  return Math.floor((price * (100 - promoDiscountPercent)) / 100);
}

/** Spec §3 `finalPrice`: the promo price, or null when the price has no promo. */
export function finalPrice(price: number, promoDiscountPercent: number): number | null {
  return promoDiscountPercent > 0 ? promoPrice(price, promoDiscountPercent) : null;
}

export const includedPluginResponse = z.object({
  /** The plugin link id. */
  id: z.number().int(),
  pluginId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Sessions per user; 0 means unlimited. */
  sessionLimit: z.number().int(),
  /**
   * Delivered as the store obfuscated it (SOX): players' clients trust the store's signature for
   * it, not its developer's (docs/trust.md).
   */
  obfuscatedByStore: z.boolean(),
});

export const priceResponse = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  ownerId: z.number().int(),
  name: z.string(),
  description: z.string(),
  period: periodSchema,
  /** Whole credits. */
  price: z.number().int(),
  finalPrice: z.number().int().nullable(),
  promoDiscountPercent: z.number().int(),
  promoExtraDays: z.number().int(),
  vipOnly: z.boolean(),
  extensionPrice: z.number().int().nullable(),
  extensionAllowed: z.boolean(),
  /** Maximum concurrent active subscriptions; null = unlimited. */
  slots: z.number().int().nullable(),
  exposeSubCount: z.boolean(),
  enabled: z.boolean(),
  hidden: z.boolean(),
});
export type PriceResponse = z.infer<typeof priceResponse>;
export const pricesResponse = z.array(priceResponse);

/** GET /plans/{id}: the plan page, with its buyable prices (all prices for the owner and admins). */
export const planPriceResponse = priceResponse.extend({ plugins: z.array(includedPluginResponse) });
export type PlanPrice = z.infer<typeof planPriceResponse>;
/** `plugins`: every plugin the prices include, once, with what a buyer judges it by (issue 35). */
export const planDetailResponse = planResponse.extend({
  prices: z.array(planPriceResponse),
  plugins: z.array(pluginShowcaseResponse),
});
export type PlanDetail = z.infer<typeof planDetailResponse>;

export const priceIdParams = z.object({ id: idParam('price') });
export const pricesQuery = z.object({ planId: idParam('plan') });
export const myPricesQuery = z.object({ planId: idParam('plan').optional() });

const creditsMessage = (field: string) => `${field} must be a whole number of credits, 0 or more.`;

const priceFields = {
  planId: idField('plan'),
  name: z
    .string({ error: 'Price name was empty.' })
    .trim()
    .min(1, 'Price name was empty.')
    .max(100, 'A price name can be at most 100 characters.'),
  description: z
    .string({ error: 'The price description must be text.' })
    .trim()
    .max(5000, 'A price description can be at most 5000 characters.')
    .nullish()
    .transform((value) => value ?? ''),
  period: z.enum(PERIODS, { error: `The period must be one of ${PERIODS.join(', ')}.` }),
  price: wholeNumber(creditsMessage('The price')),
  promoExtraDays: wholeNumber('Promo extra days must be a whole number, 0 or more.', { max: 3650 }).default(
    0,
  ),
  promoDiscountPercent: wholeNumber('The promo discount must be a whole percent from 0 to 100.', {
    max: 100,
  }).default(0),
  vipOnly: flag('VIP only').default(false),
  extensionPrice: wholeNumber(creditsMessage('The extension price'))
    .nullish()
    .transform((value) => value ?? null),
  extensionAllowed: flag('Extension allowed').default(false),
  slots: wholeNumber('Slots must be empty (unlimited) or a whole number, 0 or more.')
    .nullish()
    .transform((value) => value ?? null),
  exposeSubCount: flag('Expose sub count').default(false),
  /** Ignored on create: new prices always start disabled and hidden (spec §4). Omitted on edit = unchanged. */
  enabled: flag('Enabled').optional(),
  hidden: flag('Hidden').optional(),
};

const extensionNeedsAPrice = (
  price: { extensionAllowed: boolean; extensionPrice: number | null },
  ctx: z.RefinementCtx,
) => {
  if (price.extensionAllowed && price.extensionPrice === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['extensionPrice'],
      message: 'Set an extension price to allow extensions.',
    });
  }
};

/** POST /prices. */
export const createPriceBody = z
  .object(priceFields, { error: 'The request body must be a JSON object.' })
  .superRefine(extensionNeedsAPrice);
export type CreatePriceBody = z.input<typeof createPriceBody>;

/** PUT /prices/{priceId}: the same fields plus priceId, which must match the address. */
export const updatePriceBody = z
  .object({ ...priceFields, priceId: idField('price') }, { error: 'The request body must be a JSON object.' })
  .superRefine(extensionNeedsAPrice);
export type UpdatePriceBody = z.input<typeof updatePriceBody>;
export const updatePriceParams = z.object({ priceId: idParam('price') });
