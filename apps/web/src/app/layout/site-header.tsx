import { lazy, Suspense, useState } from 'react';
import { useIsDesktop } from '../../hooks/use-is-desktop.ts';
import { DesktopNav } from './desktop-nav.tsx';
import { MobileNav } from './mobile-nav.tsx';
import styles from './site-header.module.css';

/** The vote dialog (and its API and schemas) downloads the first time someone opens it, not with every page. */
const VoteModal = lazy(() =>
  import('../../features/votes/components/vote-modal.tsx').then((module) => ({ default: module.VoteModal })),
);

/** The top bar: desktop navigation from 890 px, the mobile bar with slide-in menu below. */
export function SiteHeader() {
  const isDesktop = useIsDesktop();
  const [voteOpen, setVoteOpen] = useState(false);
  const [voteWanted, setVoteWanted] = useState(false);
  const openVote = () => {
    setVoteWanted(true);
    setVoteOpen(true);
  };
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {isDesktop === null ? (
          // Server-rendered (the width is not known there): both bars, the stylesheet shows one.
          <>
            <div className={styles.desktopOnly}>
              <DesktopNav onVote={openVote} />
            </div>
            <div className={styles.mobileOnly}>
              <MobileNav onVote={openVote} />
            </div>
          </>
        ) : isDesktop ? (
          <DesktopNav onVote={openVote} />
        ) : (
          <MobileNav onVote={openVote} />
        )}
      </div>
      {voteWanted ? (
        <Suspense fallback={null}>
          <VoteModal open={voteOpen} onClose={() => setVoteOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
