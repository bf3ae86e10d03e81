import type { ComponentType } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { type AppPath, paths } from '../config/paths.ts';
import { LandingPage } from '../features/landing/pages/landing-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import * as pages from './lazy-pages.ts';
import { RouteGuard } from './route-guard.tsx';

/** Which page renders each path of config/paths.ts. */
const PAGE_BY_PATH: ReadonlyArray<readonly [AppPath, ComponentType]> = [
  [paths.home, LandingPage],
  [paths.terms, pages.TermsPage],
  [paths.privacy, pages.PrivacyPage],
  [paths.faq, pages.FaqPage],
  [paths.oauth2, pages.OAuth2Page],
  [paths.token, pages.TokenPage],
  [paths.loading, pages.SessionLoadingPage],
  [paths.shop, pages.ShopPage],
  [paths.plan, pages.PlanPage],
  [paths.developerProfile, pages.DeveloperProfilePage],
  [paths.products, pages.ProductsPage],
  [paths.checkout, pages.CheckoutPage],
  [paths.vip, pages.VipPage],
  [paths.account, pages.AccountPage],
  [paths.notifications, pages.NotificationsPage],
  [paths.developer, pages.DeveloperPage],
  [paths.developerRepository, pages.RepositoryPage],
  [paths.developerPlan, pages.PlanDashboardPage],
  [paths.developerPrice, pages.PriceDashboardPage],
  [paths.owner, pages.OwnerPage],
  [paths.admin, pages.AdminPage],
  [paths.orders, pages.OrdersPage],
  [paths.sessionLogs, pages.SessionLogsPage],
  [paths.device, pages.DevicePage],
];

/** The route tree: one layout, every page behind the guard its meta asks for, then the 404. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...PAGE_BY_PATH.map(([route, Page]) => ({
        path: route.path,
        element: (
          <RouteGuard meta={route.meta}>
            <Page />
          </RouteGuard>
        ),
      })),
      { path: '*', element: <pages.NotFoundPage /> },
    ],
  },
];

/** Renders the page for the current URL. Needs a router and an auth provider around it. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
