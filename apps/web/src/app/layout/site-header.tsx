import { useState } from 'react';
import { VoteModal } from '../../features/votes/components/vote-modal.tsx';
import { useIsDesktop } from '../../hooks/use-is-desktop.ts';
import { DesktopNav } from './desktop-nav.tsx';
import { MobileNav } from './mobile-nav.tsx';
import styles from './site-header.module.css';

/** The top bar: desktop navigation from 890 px, the mobile bar with slide-in menu below. */
export function SiteHeader() {
  const isDesktop = useIsDesktop();
  const [voteOpen, setVoteOpen] = useState(false);
  const openVote = () => setVoteOpen(true);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {isDesktop ? <DesktopNav onVote={openVote} /> : <MobileNav onVote={openVote} />}
      </div>
      <VoteModal open={voteOpen} onClose={() => setVoteOpen(false)} />
    </header>
  );
}
