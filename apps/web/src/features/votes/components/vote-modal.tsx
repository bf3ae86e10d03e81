import { VOTE_COOLDOWN_MESSAGE, type VoteReward } from '@ember/contracts/votes';
import { ThumbUpIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { usePublicConfig } from '../../../config/app-environment.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { formatCount } from '../../../lib/format/money.ts';
import stack from '../../../styles/stack.module.css';
import { useCastVote } from '../api/cast-vote.ts';
import { useVoteStatus } from '../api/get-vote-status.ts';
import styles from './vote-modal.module.css';

interface VoteModalProps {
  open: boolean;
  onClose: () => void;
}

const plural = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;

function rewardSentence({ hours, extraSessions, extraSessionsHours }: VoteReward): string | null {
  const parts = [
    hours > 0 ? `${plural(hours, 'hour')} on each running subscription` : null,
    extraSessions > 0 && extraSessionsHours > 0
      ? `${plural(extraSessions, 'extra session')} for ${plural(extraSessionsHours, 'hour')}`
      : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Each vote: ${parts.join(' and ')}.` : null;
}

/** Asks the signed-in user to vote; the vote is recorded server-side and subscribers are rewarded. */
export function VoteModal({ open, onClose }: VoteModalProps) {
  const status = useVoteStatus(open);
  const castVote = useCastVote({ onVoted: onClose });
  const { brand } = usePublicConfig();
  const nextVoteAt = status.data?.nextVoteAt ?? null;
  const tooEarly = nextVoteAt !== null && new Date(nextVoteAt).getTime() > Date.now();
  const reward = status.data ? rewardSentence(status.data.reward) : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Vote for ${brand.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => castVote.mutate()}
            disabled={tooEarly}
            loading={castVote.isPending}
            icon={<ThumbUpIcon size={16} />}
          >
            Vote
          </Button>
        </>
      }
    >
      <div className={stack.gap4}>
        <p>
          Every vote helps more players find us. As a thank-you, subscribers get extra hours added to their
          subscription and extra sessions for every vote.
        </p>
        {reward ? <p className={styles.reward}>{reward}</p> : null}
        <div role="status" className={stack.gap2}>
          <p className={styles.cooldown}>{VOTE_COOLDOWN_MESSAGE}</p>
          {tooEarly && nextVoteAt ? (
            <p className={styles.next}>{`You can vote again at ${formatDateTime(nextVoteAt)}.`}</p>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
