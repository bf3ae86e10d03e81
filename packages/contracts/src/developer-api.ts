// The HTTP calls of the developer workspace (issue 10): the three dashboards and what they read and
// change. Each entry names its API base (identity, shop or commerce, as the web's API client calls
// them), its method and its path relative to the base; the schemas are in the contract files named.

type Base = 'shop' | 'commerce';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Call<P extends unknown[]> {
  base: Base;
  method: Method;
  path: (...params: P) => string;
}

const call = <P extends unknown[]>(base: Base, method: Method, path: (...params: P) => string): Call<P> => ({
  base,
  method,
  path,
});

export const DEVELOPER_API = {
  // Repositories and plugins (contracts: delivery.ts).
  /** ?ownerId (admins: another developer's, e.g. the price owner's in the attach modal). */
  listRepositories: call('shop', 'GET', () => '/plugin-repos'),
  createRepository: call('shop', 'POST', () => '/plugin-repos'),
  getRepository: call('shop', 'GET', (id: number) => `/plugin-repos/${id}`),
  updateRepository: call('shop', 'PUT', (id: number) => `/plugin-repos/${id}`),
  deleteRepository: call('shop', 'DELETE', (id: number) => `/plugin-repos/${id}`),
  /** ?page&size (100 per page). */
  listPluginsOfRepository: call('shop', 'GET', (repositoryId: number) => `/plugins/by-repo/${repositoryId}`),
  /** body {description}. */
  updatePlugin: call('shop', 'PUT', (id: number) => `/plugins/${id}`),
  /** Refused while a price grants it. */
  deletePlugin: call('shop', 'DELETE', (id: number) => `/plugins/${id}`),

  // Plugin links (delivery.ts).
  listPluginLinksOfPrice: call('shop', 'GET', (priceId: number) => `/plugin-links/by-price/${priceId}`),
  /** ?priceId, body {pluginId, sessions}. */
  createPluginLink: call('shop', 'POST', () => '/plugin-links'),
  deletePluginLink: call('shop', 'DELETE', (id: number) => `/plugin-links/${id}`),

  // Plans (catalog.ts).
  listOwnPlans: call('shop', 'GET', () => '/plans/my'),
  getPlan: call('shop', 'GET', (id: number) => `/plans/${id}`),
  createPlan: call('shop', 'POST', () => '/plans'),
  updatePlan: call('shop', 'PUT', (id: number) => `/plans/${id}`),
  /** Answers deletePlanResponse: deleted, or archived when it has sold. */
  deletePlan: call('shop', 'DELETE', (id: number) => `/plans/${id}`),
  togglePlanHidden: call('shop', 'PUT', (id: number) => `/plans/${id}/hide`),
  /** Admins only. */
  togglePlanEnabled: call('shop', 'PUT', (id: number) => `/plans/${id}/toggle`),
  togglePlanLabel: call(
    'shop',
    'PUT',
    (planId: number, labelId: number) => `/plans/${planId}/labels/${labelId}`,
  ),
  listLabels: call('shop', 'GET', () => '/labels'),

  // Prices (catalog.ts). New prices are created disabled and hidden; PUT sets enabled and hidden.
  listPricesOfPlan: call('shop', 'GET', () => '/prices'),
  getPrice: call('shop', 'GET', (id: number) => `/prices/${id}`),
  createPrice: call('shop', 'POST', () => '/prices'),
  updatePrice: call('shop', 'PUT', (priceId: number) => `/prices/${priceId}`),
  deletePrice: call('shop', 'DELETE', (id: number) => `/prices/${id}`),
  removeSlots: call('shop', 'PUT', (id: number) => `/prices/${id}/remove-slots`),
  subCountOfPrice: call('shop', 'GET', (id: number) => `/sub-counts/price/${id}`),
  subCountsOfPlan: call('shop', 'GET', (id: number) => `/sub-counts/plan/${id}`),

  // Whitelists and blacklists (catalog.ts): level 'plans' or 'prices', list 'whitelist' or 'blacklist'.
  listAccessList: call(
    'shop',
    'GET',
    (level: 'plans' | 'prices', id: number, list: 'whitelist' | 'blacklist') => `/${level}/${id}/${list}`,
  ),
  /** ?discordId */
  addToAccessList: call(
    'shop',
    'POST',
    (level: 'plans' | 'prices', id: number, list: 'whitelist' | 'blacklist') => `/${level}/${id}/${list}`,
  ),
  removeFromAccessList: call(
    'shop',
    'DELETE',
    (level: 'plans' | 'prices', id: number, list: 'whitelist' | 'blacklist', userId: number) =>
      `/${level}/${id}/${list}/${userId}`,
  ),

  // Subscribers of a price (subscriptions.ts, developer-statistics.ts).
  /** ?page&size&sort (purchaseDate desc by default). */
  listSubscriptionsOfPrice: call('shop', 'GET', (priceId: number) => `/subscriptions/by-price/${priceId}`),
  /** text/csv attachment. */
  exportSubscribersOfPrice: call(
    'shop',
    'GET',
    (priceId: number) => `/subscriptions/by-price/${priceId}/export`,
  ),
  /** body {id, amount?}. */
  refundSubscription: call('shop', 'POST', () => '/subscriptions/refund'),
  deleteSubscription: call('shop', 'DELETE', (id: number) => `/subscriptions/${id}`),
  /** ?priceId&hours: every active subscription of the price. */
  addHoursToAllActive: call('shop', 'PUT', () => '/subscriptions/add-hours'),
  /** ?priceId&hours, body {subscriptionIds}. */
  addHoursToSelected: call('shop', 'PUT', () => '/subscriptions/add-hours/selected'),
  /** ?discordId&priceId&discountCode. */
  giftPrice: call('shop', 'POST', () => '/subscriptions/gift'),

  // Discount codes (discount-codes.ts).
  listDiscountCodesOfPrice: call('shop', 'GET', (priceId: number) => `/discount-codes/by-price/${priceId}`),
  createDiscountCode: call('shop', 'POST', () => '/discount-codes'),
  updateDiscountCode: call('shop', 'PUT', (id: string) => `/discount-codes/${encodeURIComponent(id)}`),

  // Statistics (developer-statistics.ts).
  /** ?year (default this year). */
  pricePurchasesPerMonth: call('shop', 'GET', (priceId: number) => `/statistics/prices/${priceId}/purchases`),
  developerMonthly: call('shop', 'GET', () => '/statistics/developer/monthly'),

  // Earnings and payouts (payouts.ts), on the commerce base.
  earnings: call('commerce', 'GET', () => '/payouts/earnings'),
  /** ?amount */
  requestPayout: call('commerce', 'POST', () => '/payouts/request'),
  /** The caller's own payouts, ?page&size&sort. */
  listOwnPayouts: call('commerce', 'GET', () => '/payouts'),
  /** Owner: every developer's payouts. */
  listAllPayouts: call('commerce', 'GET', () => '/payouts/all'),
  getPayout: call('commerce', 'GET', (id: number) => `/payouts/${id}`),
  /** Owner: body {reference}. */
  confirmPayout: call('commerce', 'POST', (id: number) => `/payouts/${id}`),
} as const;
