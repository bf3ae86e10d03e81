import skeleton from '../../../components/ui/skeleton/skeleton.module.css';
import stack from '../../../styles/stack.module.css';
import styles from './skeleton-lines.module.css';

/** Placeholder lines while a card loads (hidden from screen readers; the card says it is busy). */
export function SkeletonLines({ count = 3 }: { count?: number }) {
  return (
    <div className={stack.gap3} aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <span key={index} className={`${skeleton.bar} ${styles.line}`} />
      ))}
    </div>
  );
}
