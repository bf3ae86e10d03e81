/** In the shop: enabled by the admins and not hidden by the owner. */
export const isPlanListed = (plan: { enabled: boolean; hidden: boolean }) => plan.enabled && !plan.hidden;

/** Buyable: the price is enabled and shown, and so is its plan. */
export const isPriceListed = (
  price: { enabled: boolean; hidden: boolean },
  plan: { enabled: boolean; hidden: boolean },
) => isPlanListed(plan) && price.enabled && !price.hidden;
