import type { LabelResponse, PlanDetail, PlanPage, SubCount } from './catalog.ts';
import type { DeveloperProfile } from './developer-profile.ts';
import type { RenderedRoute } from './page-routes.ts';
import { parseShopSearch, plansRequestOf, type ShopFilters } from './shop-search.ts';

/**
 * One API read a page the server renders starts from (decisions 0024 and 0046). The server answers
 * it through the catalog's services, without an HTTP round trip, and hands the answers to the
 * renderer; the browser hydrates from the same answers under the same query keys.
 */
export type PageRead =
  | { read: 'plans'; filters: ShopFilters }
  | { read: 'labels' }
  | { read: 'plan'; planId: number }
  | { read: 'planSubCounts'; planId: number }
  | { read: 'developer'; developerId: number };

/** What each read answers, as the browser holds it after its own call (parsed with the contract). */
interface PageReadAnswers {
  plans: PlanPage;
  labels: LabelResponse[];
  plan: PlanDetail;
  planSubCounts: SubCount[];
  developer: DeveloperProfile;
}

/** A read with its answer (`data`): what the server passes to the renderer (`RenderInput.state`). */
export type PageAnswer = {
  [name in PageRead['read']]: Extract<PageRead, { read: name }> & { data: PageReadAnswers[name] };
}[PageRead['read']];

/**
 * The one list of what each rendered page reads: the shop list (the filters of its address) and the
 * labels; a plan and its subscription counts; nothing for /device's sign-in prompt.
 */
export function pageReadsOf(route: RenderedRoute, search: string): PageRead[] {
  switch (route.page) {
    case 'shop':
      return [{ read: 'plans', filters: parseShopSearch(new URLSearchParams(search)) }, { read: 'labels' }];
    case 'plan':
      return [
        { read: 'plan', planId: route.planId },
        { read: 'planSubCounts', planId: route.planId },
      ];
    case 'developer':
      return [{ read: 'developer', developerId: route.developerId }];
    case 'device':
      return [];
  }
}

/** The path under the shop API base the browser reads `read` from (the web's fetchers build the same). */
export function shopApiPathOf(read: PageRead): string {
  switch (read.read) {
    case 'plans':
      return `/plans?${new URLSearchParams(plansRequestOf(read.filters))}`;
    case 'labels':
      return '/labels';
    case 'plan':
      return `/plans/${read.planId}`;
    case 'planSubCounts':
      return `/sub-counts/plan/${read.planId}`;
    case 'developer':
      return `/developers/${read.developerId}`;
  }
}
