import type { Role } from '@ember/contracts/enums';
import { PAGE_ROUTES } from '@ember/contracts/page-routes';
import type { Action } from '@ember/contracts/policy';
import type { ShopCategory } from '@ember/contracts/shop-search';

/**
 * Every route of the app (spec §2), with its URL pattern (shared with the server:
 * @ember/contracts/page-routes), a typed href builder and its access meta:
 * - isAuth: a signed-in user is redirected to /shop (pages meant for guests).
 * - requiresAuth: a guest is sent to /.
 * - roles: only a signed-in user with one of these roles may stay; others go to /account. They are
 *   the roles the policy could allow the page's action (PAGE_ACTIONS; route-gates.test.ts holds them to it).
 *   Ownership (the plan and price dashboards) is checked by the page itself, from its data.
 */
export interface RouteMeta {
  isAuth?: boolean;
  requiresAuth?: boolean;
  roles?: readonly Role[];
  /**
   * With requiresAuth: a guest is not sent away but sees the page's own sign-in prompt in place
   * (/device, the game client's sign-in link: issue 34, item 1).
   */
  signInInPlace?: boolean;
}

export const PRODUCT_NAMES = ['credits', 'gp', 'vip'] as const;
export type ProductName = (typeof PRODUCT_NAMES)[number];

const guestOnly: RouteMeta = { isAuth: true };
const signedIn: RouteMeta = { requiresAuth: true };
const signedInHere: RouteMeta = { requiresAuth: true, signInInPlace: true };
const open: RouteMeta = {};
/**
 * Signed in with a role the policy could allow the page's action (spec §2: "Others go to /account"),
 * a premium developer counting as a developer. The roles are the catalogue's (`rolesAllowedTo` of
 * the page's action in PAGE_ACTIONS, @ember/contracts/policy, which the server decides with), written
 * out so the landing bundle does not carry the whole catalogue; route-gates.test.ts checks each.
 */
const onlyFor = (...roles: Role[]): RouteMeta => ({ requiresAuth: true, roles });

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
  developerProfile: {
    path: PAGE_ROUTES.developerProfile,
    meta: open,
    getHref: (id: number) => `/shop/developers/${id}`,
  },
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
  notifications: { path: PAGE_ROUTES.notifications, meta: signedIn, getHref: () => '/notifications' },
  developer: {
    path: PAGE_ROUTES.developer,
    meta: onlyFor('DEVELOPER', 'PREMIUM_DEVELOPER'),
    getHref: () => '/developer',
  },
  developerRepository: {
    path: PAGE_ROUTES.developerRepository,
    meta: onlyFor('DEVELOPER', 'PREMIUM_DEVELOPER'),
    getHref: (id: number) => `/developer/repository/${id}`,
  },
  developerPlan: {
    path: PAGE_ROUTES.developerPlan,
    meta: onlyFor('ADMIN', 'DEVELOPER', 'PREMIUM_DEVELOPER'),
    getHref: (id: number) => `/developer/plan/${id}`,
  },
  developerPrice: {
    path: PAGE_ROUTES.developerPrice,
    meta: onlyFor('ADMIN', 'DEVELOPER', 'PREMIUM_DEVELOPER'),
    getHref: (planId: number, priceId: number) => `/developer/plan/${planId}/price/${priceId}`,
  },
  owner: { path: PAGE_ROUTES.owner, meta: onlyFor('OWNER'), getHref: () => '/owner' },
  admin: { path: PAGE_ROUTES.admin, meta: onlyFor('ADMIN'), getHref: () => '/admin' },
  orders: { path: PAGE_ROUTES.orders, meta: onlyFor('PAYMENTS'), getHref: () => '/orders' },
  // Spec §6: any signed-in user may open it; only the menu link needs STAFF.
  sessionLogs: { path: PAGE_ROUTES.sessionLogs, meta: signedIn, getHref: () => '/session-logs' },
  // A guest who opens the game client's sign-in link signs in right there (issue 34, item 1).
  device: {
    path: PAGE_ROUTES.device,
    meta: signedInHere,
    getHref: (code?: string) => (code ? `/device?code=${encodeURIComponent(code)}` : '/device'),
  },
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * The policy action each role-gated page stands for: its `roles` are the roles that action could be
 * allowed to (route-gates.test.ts). The Dev Panel lists the caller's own plans; the repository page
 * is a developer's; the plan and price dashboards edit them; the owner panel confirms payouts; the
 * admin panel lists the users; the orders page lists every order.
 */
export const PAGE_ACTIONS = {
  developer: 'plan:list-own',
  developerRepository: 'repository:create',
  developerPlan: 'plan:update',
  developerPrice: 'price:update',
  owner: 'payout:confirm',
  admin: 'user:list',
  orders: 'order:list',
} as const satisfies Partial<Record<keyof typeof paths, Action>>;

/**
 * Where guards send users: a signed-in user away from guest pages, a guest away from member pages,
 * a signed-in user without the page's role away from a role-gated page.
 */
export const SIGNED_IN_HOME = paths.shop.getHref();
export const GUEST_HOME = paths.home.getHref();
export const WRONG_ROLE_HOME = paths.account.getHref();
