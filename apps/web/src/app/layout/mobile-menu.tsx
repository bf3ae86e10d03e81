import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { DisplayName } from '../../components/display-name/display-name.tsx';
import { CloseIcon, CoinsIcon, LogOutIcon, ThumbUpIcon } from '../../components/icons/icons.tsx';
import { SignInButton } from '../../components/sign-in-button/sign-in-button.tsx';
import { Button } from '../../components/ui/button/button.tsx';
import { usePublicConfig } from '../../config/app-environment.ts';
import { paths } from '../../config/paths.ts';
import { useFocusTrap } from '../../hooks/use-focus-trap.ts';
import { useScrollLock } from '../../hooks/use-scroll-lock.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { balanceLabel } from '../../lib/format/money.ts';
import { getDashboardLinksFor } from './dashboard-links.ts';
import { LOG_OUT_CHOICES } from './log-out-choices.ts';
import { MenuEntryList, MenuGroup } from './menu-entries.tsx';
import styles from './mobile-menu.module.css';
import { buildNavEntries, visibleNavEntries } from './nav-entries.ts';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  onVote: () => void;
}

/** Slide-in panel of the mobile bar: the user, dashboard links, every nav link, Log in / Log out. */
export function MobileMenu({ open, onClose, onVote }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const auth = useAuth();
  const { brand } = usePublicConfig();
  useScrollLock(open);
  useFocusTrap(panelRef, open, onClose, overlayRef);

  if (!open) return null;

  const signedIn = auth.status === 'authenticated';
  const entries = visibleNavEntries(buildNavEntries(brand), { signedIn, desktop: false });
  const dashboardLinks = signedIn ? getDashboardLinksFor(auth.roles) : [];

  return createPortal(
    <>
      <div
        ref={overlayRef}
        className={styles.overlay}
        onClick={onClose}
        data-testid="mobile-menu-overlay"
        aria-hidden="true"
      />
      <div ref={panelRef} role="dialog" aria-modal="true" aria-label="Menu" className={styles.panel}>
        <div className={styles.top}>
          <span className={styles.menuTitle}>Menu</span>
          <button type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
            <CloseIcon size={22} />
          </button>
        </div>

        <div className={styles.scroll}>
          {auth.status === 'authenticated' ? (
            <section className={styles.user} aria-label="Your account">
              <DisplayName user={auth.user} className={styles.userName} />
              <Link
                to={paths.products.getHref('credits')}
                className={styles.balance}
                title="Buy credits"
                onClick={onClose}
              >
                <CoinsIcon size={16} className={styles.coins} />
                {balanceLabel(auth.user.balance)}
              </Link>
            </section>
          ) : null}

          {dashboardLinks.length > 0 ? (
            <MenuGroup
              id="mobile-dashboards"
              title="Dashboards"
              links={dashboardLinks.map((link) => ({
                kind: 'route',
                id: link.route,
                label: link.name,
                target: link.route,
              }))}
              onNavigate={onClose}
            />
          ) : null}

          <MenuEntryList entries={entries} idPrefix="mobile" onNavigate={onClose} />
        </div>

        <div className={styles.bottom}>
          {auth.status === 'authenticated' ? (
            <>
              <Button variant="secondary" fullWidth onClick={onVote} icon={<ThumbUpIcon size={16} />}>
                Vote
              </Button>
              {LOG_OUT_CHOICES.map(({ scope, label }) => (
                <Button
                  key={scope}
                  variant="ghost"
                  fullWidth
                  onClick={() => auth.signOut(scope)}
                  icon={<LogOutIcon size={16} />}
                >
                  {label}
                </Button>
              ))}
            </>
          ) : auth.status === 'guest' ? (
            <SignInButton fullWidth size="lg" />
          ) : null}
        </div>
      </div>
    </>,
    document.body,
  );
}
