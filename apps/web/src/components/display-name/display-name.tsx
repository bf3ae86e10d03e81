import { GemIcon } from '../icons/icons.tsx';
import styles from './display-name.module.css';

interface DisplayNameProps {
  user: { displayName: string; vip: boolean };
  className?: string;
}

/** A user's display name; VIP users get the gem symbol in front of it, wherever the name appears. */
export function DisplayName({ user, className }: DisplayNameProps) {
  return (
    <span className={`${styles.name} ${className ?? ''}`}>
      {user.vip ? (
        <>
          <GemIcon size={15} className={styles.gem} aria-label="VIP" />{' '}
        </>
      ) : null}
      <span className={styles.text}>{user.displayName}</span>
    </span>
  );
}
