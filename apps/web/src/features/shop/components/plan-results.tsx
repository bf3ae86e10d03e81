import type { PlanResponse } from '@ember/contracts/catalog';
import results from '../../../components/ui/result-list/result-list.module.css';
import skeleton from '../../../components/ui/skeleton/skeleton.module.css';
import type { PlanHolding } from '../../../lib/subscriptions/plan-holding.ts';
import { PlanCard, type PlanCardLayout } from './plan-card.tsx';
import styles from './plan-results.module.css';

/** More than this many plans are shown as a card grid; fewer as a results list (spec §2). */
export const GRID_THRESHOLD = 3;

export function resultsLayoutFor(count: number): PlanCardLayout {
  return count > GRID_THRESHOLD ? 'grid' : 'row';
}

/** The plans of one page, as a grid or as a list. */
export function PlanResults({
  plans,
  busy,
  holdingOf = () => null,
}: {
  plans: readonly PlanResponse[];
  busy: boolean;
  /** What the signed-in visitor already holds of a plan. */
  holdingOf?: (planId: number) => PlanHolding | null;
}) {
  const layout = resultsLayoutFor(plans.length);
  return (
    <ul
      className={`${results.list} ${styles.list} ${layout === 'grid' ? results.grid : results.rows} ${busy ? styles.busy : ''}`}
      data-layout={layout}
      aria-busy={busy || undefined}
      aria-label="Plugins"
    >
      {plans.map((plan) => (
        <li key={plan.id} className={results.item}>
          <PlanCard plan={plan} layout={layout} holding={holdingOf(plan.id)} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while the first page loads. */
export function PlanResultsSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div
      className={`${results.list} ${styles.list} ${results.grid}`}
      aria-hidden="true"
      data-testid="plans-loading"
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <div key={index} className={styles.skeleton}>
          <div className={`${skeleton.sheen} ${styles.skeletonMedia}`} />
          <div className={styles.skeletonBody}>
            <span className={`${skeleton.sheen} ${styles.skeletonLine}`} style={{ width: '70%' }} />
            <span className={`${skeleton.sheen} ${styles.skeletonLine}`} style={{ width: '40%' }} />
            <span className={`${skeleton.sheen} ${styles.skeletonChips}`} />
          </div>
        </div>
      ))}
    </div>
  );
}
