import type { ReactNode } from 'react';
import styles from './detail-fact.module.css';

/** One labelled value of a modal's <dl> (an order's, a payout's, a purchase summary's); `wide` takes the whole row. */
export function DetailFact({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? styles.wide : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The facts of a detail modal (a payout's, an audit event's): a <dl> of DetailFact in a grid. */
export function DetailFacts({ children }: { children: ReactNode }) {
  return <dl className={`${styles.labelled} ${styles.facts}`}>{children}</dl>;
}
