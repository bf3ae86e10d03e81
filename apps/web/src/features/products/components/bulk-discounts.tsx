import type { ProductResponse } from '@ember/contracts/commerce';
import { type BulkDiscountTier, nextBulkTier } from '@ember/contracts/pricing';
import { useId, useState } from 'react';
import { DisclosureChevron } from '../../../components/ui/disclosure-chevron/disclosure-chevron.tsx';
import { formatCredits } from '../../../lib/format/money.ts';
import { unitsLabel } from '../../../lib/format/product-units.ts';
import styles from './bulk-discounts.module.css';

/** The tier whose extra units the amount earns (the best one reached), as pricing's bulkBonus picks it. */
function appliedTier(tiers: readonly BulkDiscountTier[], units: number): BulkDiscountTier | null {
  let best: BulkDiscountTier | null = null;
  for (const tier of tiers) {
    if (units >= tier.discountThreshold && tier.extraAmount > (best?.extraAmount ?? 0)) best = tier;
  }
  return best;
}

interface BulkDiscountsProps {
  product: ProductResponse;
  /** The amount typed so far (null when it is not a number yet). */
  units: number | null;
}

/**
 * Spec §2/§9: the product's bulk discounts, collapsed until asked for. Reaching a threshold adds
 * its extra units, automatically and once (the best tier reached; tiers never add up).
 */
export function BulkDiscounts({ product, units }: BulkDiscountsProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const tiers = [...product.bulkDiscounts].sort((a, b) => a.discountThreshold - b.discountThreshold);
  const applied = units === null ? null : appliedTier(tiers, units);
  const next = units === null ? null : nextBulkTier(tiers, units);

  return (
    <div className={styles.box}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span>Bulk discounts ({tiers.length})</span>
        <DisclosureChevron open={open} />
      </button>
      {next && units !== null ? (
        <p className={styles.hint} data-testid="next-bulk-tier">
          Buy {formatCredits(next.discountThreshold - units)} more to get{' '}
          {unitsLabel(product, next.extraAmount)} free.
        </p>
      ) : null}
      {open ? (
        <ul id={listId} className={styles.list}>
          {tiers.map((tier) => {
            const isApplied = tier === applied;
            return (
              <li key={tier.discountThreshold} className={isApplied ? styles.applied : undefined}>
                <span>Buy {unitsLabel(product, tier.discountThreshold)} or more</span>
                <span className={styles.extra}>
                  +{unitsLabel(product, tier.extraAmount)} free{isApplied ? ' (applied)' : ''}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
