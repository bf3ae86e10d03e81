import {
  type CreatePriceBody,
  createPriceBody,
  type PriceResponse,
  type UpdatePriceBody,
  updatePriceBody,
} from '@ember/contracts/catalog';

export const createPriceFormSchema = createPriceBody;
export const editPriceFormSchema = updatePriceBody;

/** A blank price (no price typed yet: the contract asks for one). */
export function emptyPriceForm(planId: number): Partial<CreatePriceBody> {
  return {
    planId,
    name: '',
    description: '',
    period: 'MONTHLY',
    promoDiscountPercent: 0,
    promoExtraDays: 0,
    vipOnly: false,
    extensionPrice: null,
    extensionAllowed: false,
    slots: null,
    exposeSubCount: false,
  };
}

/** The whole price as PUT /prices/{priceId} wants it (edits and the enable / show switches). */
export function priceBodyOf(price: PriceResponse): UpdatePriceBody {
  return {
    priceId: price.id,
    planId: price.planId,
    name: price.name,
    description: price.description,
    period: price.period,
    price: price.price,
    promoDiscountPercent: price.promoDiscountPercent,
    promoExtraDays: price.promoExtraDays,
    vipOnly: price.vipOnly,
    extensionPrice: price.extensionPrice,
    extensionAllowed: price.extensionAllowed,
    slots: price.slots,
    exposeSubCount: price.exposeSubCount,
    enabled: price.enabled,
    hidden: price.hidden,
  };
}
