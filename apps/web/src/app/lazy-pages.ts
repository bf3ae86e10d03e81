import { preloadMarkdown } from '../components/ui/markdown/lazy-markdown.tsx';
import { preloadableLazy as lazy } from '../lib/preloadable-lazy.ts';

/** Every page except the landing page is its own chunk, so the landing bundle stays small. */
export const TermsPage = lazy(() => import('../features/documents/pages/terms-page.tsx'));
export const PrivacyPage = lazy(() => import('../features/documents/pages/privacy-page.tsx'));
export const FaqPage = lazy(() => import('../features/documents/pages/faq-page.tsx'));
export const VipPage = lazy(() => import('../features/documents/pages/vip-page.tsx'));
export const OAuth2Page = lazy(() => import('../features/auth/pages/oauth2-page.tsx'));
export const TokenPage = lazy(() => import('../features/auth/pages/token-page.tsx'));
export const SessionLoadingPage = lazy(() => import('../features/auth/pages/loading-page.tsx'));
export const ShopPage = lazy(() => import('../features/shop/pages/shop-page.tsx'));
// The plan page shows a Markdown description: its renderer downloads alongside the page, not after the plan.
export const PlanPage = lazy(() => {
  void preloadMarkdown();
  return import('../features/plans/pages/plan-page.tsx');
});
export const DeveloperProfilePage = lazy(() => import('../features/shop/pages/developer-profile-page.tsx'));
export const ProductsPage = lazy(() => import('../features/products/pages/products-page.tsx'));
export const CheckoutPage = lazy(() => import('../features/products/pages/checkout-page.tsx'));
export const AccountPage = lazy(() => import('../features/account/pages/account-page.tsx'));
export const NotificationsPage = lazy(() => import('../features/notifications/pages/notifications-page.tsx'));
export const DeveloperPage = lazy(() => import('./pages/developer-page.tsx'));
export const RepositoryPage = lazy(
  () => import('../features/developer/repositories/pages/repository-page.tsx'),
);
export const PlanDashboardPage = lazy(
  () => import('../features/developer/plans/pages/plan-dashboard-page.tsx'),
);
export const PriceDashboardPage = lazy(
  () => import('../features/developer/prices/pages/price-dashboard-page.tsx'),
);
export const OwnerPage = lazy(() => import('../features/owner/pages/owner-page.tsx'));
export const AdminPage = lazy(() => import('../features/admin/pages/admin-page.tsx'));
export const OrdersPage = lazy(() => import('../features/orders/pages/orders-page.tsx'));
export const SessionLogsPage = lazy(() => import('../features/session-logs/pages/session-logs-page.tsx'));
export const DevicePage = lazy(() => import('../features/device/pages/device-page.tsx'));
export const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));
