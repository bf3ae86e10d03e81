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
        {/*
          Both bars keep their place in the tree: the server renders both (it does not know the width)
          and the stylesheet shows one; once the width is known the other one is emptied. The shown bar
          stays the same elements through hydration, so a control focused meanwhile keeps the focus.
        */}
        <div className={styles.desktopOnly}>
          {isDesktop !== false ? <DesktopNav onVote={openVote} /> : null}
        </div>
        <div className={styles.mobileOnly}>{isDesktop !== true ? <MobileNav onVote={openVote} /> : null}</div>
      </div>
      {voteWanted ? (
        <Suspense fallback={null}>
          <VoteModal open={voteOpen} onClose={() => setVoteOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
