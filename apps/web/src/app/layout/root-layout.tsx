import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppErrorBoundary } from '../error-boundary/app-error-boundary.tsx';
import styles from './root-layout.module.css';
import { RouteFallback } from './route-fallback.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Navigation on top, the page, the footer at the bottom. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <AppErrorBoundary resetKey={pathname}>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </AppErrorBoundary>
      </main>
      <SiteFooter />
      <ScrollToTop />
    </div>
  );
}
