import { VOTE_COOLDOWN_HOURS } from '@ember/contracts/constants';
import { ThumbUpIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { getPublicConfig } from '../../../config/public-config.ts';
import styles from './vote-modal.module.css';

interface VoteModalProps {
  open: boolean;
  onClose: () => void;
  /** Casts the vote. Wired up when voting lands; until then the Vote button is disabled. */
  onVote?: () => void;
  voting?: boolean;
}

/** Asks the user to vote for the client; subscribers are rewarded per vote. */
export function VoteModal({ open, onClose, onVote, voting = false }: VoteModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Vote for ${getPublicConfig().brand.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onVote} disabled={!onVote} loading={voting} icon={<ThumbUpIcon size={16} />}>
            Vote
          </Button>
        </>
      }
    >
      <div className={styles.content}>
        <p>
          Every vote helps more players find us. As a thank-you, subscribers get extra hours added to their
          subscription and extra sessions for every vote.
        </p>
        <p className={styles.cooldown}>{`You can only vote every ${VOTE_COOLDOWN_HOURS} hours.`}</p>
      </div>
    </Modal>
  );
}
