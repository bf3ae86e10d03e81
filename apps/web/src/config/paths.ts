import type { Role } from '@ember/contracts/enums';
import { PAGE_ROUTES } from '@ember/contracts/page-routes';
import { type Action, rolesAllowedTo } from '@ember/contracts/policy';

/**
 * Every route of the app (spec §2), with its URL pattern (shared with the server:
 * @ember/contracts/page-routes), a typed href builder and its access meta:
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
 * Signed in with a role the policy could allow the page's action (spec §2: "Others go to /account"):
 * the roles come from the one catalogue the server decides with (@ember/contracts/policy), a premium
 * developer counting as a developer.
 */
const onlyFor = (action: Action): RouteMeta => ({ requiresAuth: true, roles: rolesAllowedTo(action) });

export const paths = {
  home: { path: PAGE_ROUTES.home, meta: guestOnly, getHref: () => '/' },
  terms: { path: PAGE_ROUTES.terms, meta: open, getHref: () => '/tos' },
  privacy: { path: PAGE_ROUTES.privacy, meta: open, getHref: () => '/privacy' },
  faq: { path: PAGE_ROUTES.faq, meta: open, getHref: () => '/faq' },
  oauth2: { path: PAGE_ROUTES.oauth2, meta: guestOnly, getHref: () => '/oauth2' },
  token: { path: PAGE_ROUTES.token, meta: guestOnly, getHref: () => '/token' },
  loading: { path: PAGE_ROUTES.loading, meta: guestOnly, getHref: () => '/loading' },
  shop: {
    path: PAGE_ROUTES.shop,
    meta: open,
    getHref: (category?: ShopCategory) => (category ? `/shop?category=${category}` : '/shop'),
  },
  plan: { path: PAGE_ROUTES.plan, meta: open, getHref: (id: number) => `/shop/${id}` },
  products: {
    path: PAGE_ROUTES.products,
    meta: signedIn,
    getHref: (name: ProductName) => `/products/${name}`,
  },
  checkout: {
    path: PAGE_ROUTES.checkout,
    meta: signedIn,
    getHref: (orderId: number) => `/checkout/${orderId}`,
  },
  vip: { path: PAGE_ROUTES.vip, meta: signedIn, getHref: () => '/vip' },
  account: {
    path: PAGE_ROUTES.account,
    meta: signedIn,
    /** With an order id: the order history opens on that order, marked (issue 26, item 5). */
    getHref: (orderId?: number) => (orderId === undefined ? '/account' : `/account?order=${orderId}`),
  },
  developer: {
    path: PAGE_ROUTES.developer,
    meta: onlyFor('plan:list-own'),
    getHref: () => '/developer',
  },
  developerRepository: {
    path: PAGE_ROUTES.developerRepository,
    meta: onlyFor('repository:create'),
    getHref: (id: number) => `/developer/repository/${id}`,
  },
  developerPlan: {
    path: PAGE_ROUTES.developerPlan,
    meta: onlyFor('plan:update'),
    getHref: (id: number) => `/developer/plan/${id}`,
  },
  developerPrice: {
    path: PAGE_ROUTES.developerPrice,
    meta: onlyFor('price:update'),
    getHref: (planId: number, priceId: number) => `/developer/plan/${planId}/price/${priceId}`,
  },
  owner: { path: PAGE_ROUTES.owner, meta: onlyFor('payout:confirm'), getHref: () => '/owner' },
  admin: { path: PAGE_ROUTES.admin, meta: onlyFor('user:list'), getHref: () => '/admin' },
  orders: { path: PAGE_ROUTES.orders, meta: onlyFor('order:list'), getHref: () => '/orders' },
  // Spec §6: any signed-in user may open it; only the menu link needs STAFF.
  sessionLogs: { path: PAGE_ROUTES.sessionLogs, meta: signedIn, getHref: () => '/session-logs' },
  device: {
    path: PAGE_ROUTES.device,
    meta: signedIn,
    getHref: (code?: string) => (code ? `/device?code=${encodeURIComponent(code)}` : '/device'),
  },
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * Where guards send users: a signed-in user away from guest pages, a guest away from member pages,
 * a signed-in user without the page's role away from a role-gated page.
 */
export const SIGNED_IN_HOME = paths.shop.getHref();
export const GUEST_HOME = paths.home.getHref();
export const WRONG_ROLE_HOME = paths.account.getHref();
