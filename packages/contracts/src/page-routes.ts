import { INT4_MAX } from './constants.ts';

/**
 * The URL pattern of every page of the web app (spec §2). The web's route table
 * (apps/web/src/config/paths.ts) is built from these; the server answers exactly these paths with
 * the app and status 200, and every other page address with the app's 404 page and status 404.
 * `:name` stands for one path segment.
 */
export const PAGE_ROUTES = {
  home: '/',
  terms: '/tos',
  privacy: '/privacy',
  faq: '/faq',
  oauth2: '/oauth2',
  token: '/token',
  loading: '/loading',
  shop: '/shop',
  plan: '/shop/:id',
  /** A developer's public page: "By {developer}" on a plan links here (issue 35, decision 0062). */
  developerProfile: '/shop/developers/:id',
  products: '/products/:name',
  /** Where a payment processor sends the buyer back to (issue 9: the order's live status). */
  checkout: '/checkout/:orderId',
  vip: '/vip',
  account: '/account',
  /** The notification centre (issue 35). */
  notifications: '/notifications',
  developer: '/developer',
  developerRepository: '/developer/repository/:id',
  developerPlan: '/developer/plan/:id',
  developerPrice: '/developer/plan/:planId/price/:priceId',
  owner: '/owner',
  admin: '/admin',
  orders: '/orders',
  sessionLogs: '/session-logs',
  /** Where a signed-in user approves a game client's sign-in code (docs/client-api.md §1). */
  device: '/device',
} as const;

export type PageRouteName = keyof typeof PAGE_ROUTES;

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** The pattern's parameters when `pathname` matches it (one trailing slash allowed), else null. */
export function matchPageRoute(pattern: string, pathname: string): Record<string, string> | null {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  if (expected.length !== actual.length || pathname.includes('//')) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = actual[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part.toLowerCase() !== value.toLowerCase()) return null; // react-router ignores case
  }
  return params;
}

/** Whether `pathname` is the address of one of the app's pages. */
export function isPageRoute(pathname: string): boolean {
  return pageRouteNameOf(pathname) !== null;
}

/** The name of the page route `pathname` is, or null (the first match, as the web's router picks). */
export function pageRouteNameOf(pathname: string): PageRouteName | null {
  const names = Object.keys(PAGE_ROUTES) as PageRouteName[];
  return names.find((name) => matchPageRoute(PAGE_ROUTES[name], pathname) !== null) ?? null;
}

/**
 * The plan id of an address's `:id` (`/shop/3` gives 3), or null when it is no plan id at all: the
 * one reading of a plan id in a page address, used by the web's plan page, the server's renderer
 * route, its link preview and its preloads.
 */
export function parsePlanId(raw = ''): number | null {
  const id = Number(raw);
  return /^\d{1,10}$/.test(raw) && id > 0 && id <= INT4_MAX ? id : null;
}

/**
 * The pages the server renders for a guest (decision 0024; docs/architecture.md, "How a guest page
 * is rendered"): the shop list, a plan page, or the game client's sign-in link (/device, whose guest
 * sees a sign-in prompt that works without JavaScript; issue 34, item 1), a developer's page (issue
 * 35). Every other page the
 * browser renders on its own.
 */
export type RenderedRoute =
  | { page: 'shop' }
  | { page: 'plan'; planId: number }
  | { page: 'developer'; developerId: number }
  | { page: 'device' };

/** The rendered page `pathname` is, or null for every page the browser renders on its own. */
export function renderedRouteOf(pathname: string): RenderedRoute | null {
  if (matchPageRoute(PAGE_ROUTES.shop, pathname)) return { page: 'shop' };
  if (matchPageRoute(PAGE_ROUTES.device, pathname)) return { page: 'device' };
  const developerId = parsePlanId(matchPageRoute(PAGE_ROUTES.developerProfile, pathname)?.id);
  if (developerId) return { page: 'developer', developerId };
  const planId = parsePlanId(matchPageRoute(PAGE_ROUTES.plan, pathname)?.id);
  return planId ? { page: 'plan', planId } : null;
}

/**
 * The pages a guest may read, and the only ones search engines are asked to crawl (robots.txt and
 * the sitemap, issue 26). Every other page is a sign-in step or needs a signed-in user; robots.txt
 * keeps crawlers out of them, so a new page stays out until it is listed here. The web's route meta
 * (apps/web/src/config/paths.ts) is checked against this list by its test.
 */
export const PUBLIC_PAGES = [
  'home',
  'terms',
  'privacy',
  'faq',
  'shop',
  'plan',
  'developerProfile',
] as const satisfies readonly PageRouteName[];

/**
 * The address prefixes of the pages not in PUBLIC_PAGES, shortest first, each once: a pattern up to
 * its first parameter ('/products/:name' gives '/products/'), and none already covered by another.
 */
export function nonPublicPagePrefixes(): string[] {
  const publicNames: readonly string[] = PUBLIC_PAGES;
  const prefixes = Object.entries(PAGE_ROUTES)
    .filter(([name]) => !publicNames.includes(name))
    .map(([, pattern]) => {
      const parameter = pattern.indexOf('/:');
      return parameter < 0 ? pattern : pattern.slice(0, parameter + 1);
    })
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  return prefixes.filter(
    (prefix, index) => !prefixes.slice(0, index).some((shorter) => prefix.startsWith(shorter)),
  );
}
