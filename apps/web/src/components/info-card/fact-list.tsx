import type { ReactNode } from 'react';
import styles from './fact-list.module.css';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Larger figure (money, counts). */
  emphasis?: boolean;
  testId?: string;
}

/** Labelled values of a card (plan, price, sub counts, earnings), as a definition list grid. */
export function FactList({
  facts,
  layout = 'grid',
}: {
  facts: readonly Fact[];
  /** grid: as many columns as fit; rows: one fact a line, values on the right (a statement). */
  layout?: 'grid' | 'rows';
}) {
  return (
    <dl className={`${styles.facts} ${layout === 'rows' ? styles.rows : ''}`}>
      {facts.map((fact) => (
        <div key={fact.label} className={styles.fact}>
          <dt>{fact.label}</dt>
          <dd className={fact.emphasis ? styles.emphasis : undefined} data-testid={fact.testId}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
