import type { Role } from '@ember/contracts/enums';

/**
 * Every route of the app (spec §2), with its URL pattern, a typed href builder and its access meta:
 * - isAuth: a signed-in user is redirected to /shop (pages meant for guests).
 * - requiresAuth: a guest is sent to /.
 * - roles: only a signed-in user with one of these roles may stay; others go to /account.
 *   Ownership (the plan and price dashboards) is checked by the page itself, from its data.
 */
export interface RouteMeta {
  isAuth?: boolean;
  requiresAuth?: boolean;
  roles?: readonly Role[];
}

export const SHOP_CATEGORIES = ['free', 'helper', 'bundle'] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export const PRODUCT_NAMES = ['credits', 'gp', 'vip'] as const;
export type ProductName = (typeof PRODUCT_NAMES)[number];

const guestOnly: RouteMeta = { isAuth: true };
const signedIn: RouteMeta = { requiresAuth: true };
const open: RouteMeta = {};
/**
 * Signed in with any one of `roles` (spec §2: "Others go to /account"). A premium developer is a
 * developer, as the server's policy says (apps/server/src/policy/roles.ts).
 */
const onlyFor = (...roles: Role[]): RouteMeta => ({ requiresAuth: true, roles });

export const paths = {
  home: { path: '/', meta: guestOnly, getHref: () => '/' },
  terms: { path: '/tos', meta: open, getHref: () => '/tos' },
  privacy: { path: '/privacy', meta: open, getHref: () => '/privacy' },
  faq: { path: '/faq', meta: open, getHref: () => '/faq' },
  oauth2: { path: '/oauth2', meta: guestOnly, getHref: () => '/oauth2' },
  token: { path: '/token', meta: guestOnly, getHref: () => '/token' },
  loading: { path: '/loading', meta: guestOnly, getHref: () => '/loading' },
  shop: {
    path: '/shop',
    meta: open,
    getHref: (category?: ShopCategory) => (category ? `/shop?category=${category}` : '/shop'),
  },
  plan: { path: '/shop/:id', meta: open, getHref: (id: number) => `/shop/${id}` },
  products: {
    path: '/products/:name',
    meta: signedIn,
    getHref: (name: ProductName) => `/products/${name}`,
  },
  vip: { path: '/vip', meta: signedIn, getHref: () => '/vip' },
  account: { path: '/account', meta: signedIn, getHref: () => '/account' },
  developer: {
    path: '/developer',
    meta: onlyFor('DEVELOPER', 'PREMIUM_DEVELOPER'),
    getHref: () => '/developer',
  },
  developerRepository: {
    path: '/developer/repository/:id',
    meta: onlyFor('DEVELOPER', 'PREMIUM_DEVELOPER'),
    getHref: (id: number) => `/developer/repository/${id}`,
  },
  developerPlan: {
    path: '/developer/plan/:id',
    meta: onlyFor('DEVELOPER', 'PREMIUM_DEVELOPER', 'ADMIN'),
    getHref: (id: number) => `/developer/plan/${id}`,
  },
  developerPrice: {
    path: '/developer/plan/:planId/price/:priceId',
    meta: onlyFor('DEVELOPER', 'PREMIUM_DEVELOPER', 'ADMIN'),
    getHref: (planId: number, priceId: number) => `/developer/plan/${planId}/price/${priceId}`,
  },
  owner: { path: '/owner', meta: onlyFor('OWNER'), getHref: () => '/owner' },
  admin: { path: '/admin', meta: onlyFor('ADMIN'), getHref: () => '/admin' },
  orders: { path: '/orders', meta: onlyFor('PAYMENTS'), getHref: () => '/orders' },
  // Spec §6: any signed-in user may open it; only the menu link needs STAFF.
  sessionLogs: { path: '/session-logs', meta: signedIn, getHref: () => '/session-logs' },
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * Where guards send users: a signed-in user away from guest pages, a guest away from member pages,
 * a signed-in user without the page's role away from a role-gated page.
 */
export const SIGNED_IN_HOME = paths.shop.getHref();
export const GUEST_HOME = paths.home.getHref();
export const WRONG_ROLE_HOME = paths.account.getHref();
