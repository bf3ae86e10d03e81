import { formatCount } from '../../lib/format/money.ts';
import { VisuallyHidden } from '../visually-hidden/visually-hidden.tsx';
import styles from './rating-line.module.css';

const reviewsLabel = (count: number) => `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;

/**
 * A plan's stars as a card and the plan page show them (issue 35): '★ 4.2 (12 reviews)', read out
 * as 'Rated 4.2 out of 5 from 12 reviews'; 'No reviews yet' without any.
 */
export function RatingLine({
  average,
  count,
  className = '',
  as: Tag = 'p',
}: {
  average: number | null;
  count: number;
  className?: string;
  /** `span` inside a paragraph (the plan page's byline). */
  as?: 'p' | 'span';
}) {
  if (average === null || count === 0) {
    return (
      <Tag className={`${styles.line} ${styles.none} ${className}`} data-testid="plan-rating">
        No reviews yet
      </Tag>
    );
  }
  const shown = average.toFixed(1);
  return (
    <Tag className={`${styles.line} ${className}`} data-testid="plan-rating">
      <span aria-hidden="true">
        <span className={styles.star}>★</span> {shown}{' '}
        <span className={styles.count}>({reviewsLabel(count)})</span>
      </span>
      <VisuallyHidden>{`Rated ${shown} out of 5 from ${reviewsLabel(count)}`}</VisuallyHidden>
    </Tag>
  );
}
