import {
  matchPageRoute,
  PAGE_ROUTES,
  type PageRouteName,
  pageRouteNameOf,
} from '@ember/contracts/page-routes';
import { notify } from '../lib/toast/notify.ts';

/** Why a members-only page needs a sign-in, said on / to the guest it sent there (issue 34, item 1). */
const REASONS: Partial<Record<PageRouteName, string>> = {
  account: 'Log in to see your account.',
  vip: 'Log in to see VIP.',
  checkout: 'Log in to see your order.',
  developer: 'Log in to open the Dev Panel.',
  developerRepository: 'Log in to open the Dev Panel.',
  developerPlan: 'Log in to open the Dev Panel.',
  developerPrice: 'Log in to open the Dev Panel.',
  owner: 'Log in to open the Owner Panel.',
  admin: 'Log in to open the Admin Panel.',
  orders: 'Log in to see the orders.',
  sessionLogs: 'Log in to see the session logs.',
};

/** Spec §2: /products/{name} is titled credits, GP and VIP. */
const PRODUCT_TITLES: Readonly<Record<string, string>> = { credits: 'credits', gp: 'GP', vip: 'VIP' };

/** The sentence for a guest sent to / from `pathname` ("Log in to see your account."). */
function signInReasonFor(pathname: string): string {
  const route = pageRouteNameOf(pathname);
  if (route === 'products') {
    const name = matchPageRoute(PAGE_ROUTES.products, pathname)?.name?.toLowerCase() ?? '';
    const title = PRODUCT_TITLES[name];
    return title ? `Log in to buy ${title}.` : 'Log in to buy credits, GP or VIP.';
  }
  return (route && REASONS[route]) ?? 'Log in to see this page.';
}

/** Says on / why the guest was sent there from `pathname` (RouteGuard). */
export function tellWhyLogIn(pathname: string): void {
  void notify.error(signInReasonFor(pathname));
}
