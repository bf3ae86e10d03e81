import type { PlanPrice } from '@ember/contracts/catalog';
import { GemIcon } from '../../../components/icons/icons.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden/visually-hidden.tsx';
import { creditsLabel } from '../../../lib/format/money.ts';
import { extraDaysLabel, periodLabel } from '../../../lib/format/periods.ts';
import type { SlotDisplay } from '../utils/price-display.ts';
import styles from './price-option.module.css';

interface PriceOptionProps {
  price: PlanPrice;
  slot: SlotDisplay;
  groupName: string;
  selected: boolean;
  onSelect: () => void;
  /** Why the server would refuse to sell this option to the buyer; null when it would not. */
  unavailable?: string | null;
}

/**
 * One radio card of the price option grid. A sold-out option cannot be chosen; one the buyer cannot
 * buy says why (it can still be chosen, to read it or to gift it).
 */
export function PriceOption({
  price,
  slot,
  groupName,
  selected,
  onSelect,
  unavailable = null,
}: PriceOptionProps) {
  const soldOut = slot.state === 'full';
  const extraDays = extraDaysLabel(price.promoExtraDays);
  const period = periodLabel(price.period);
  // 'Monthly' named 'Monthly' needs no second line saying so.
  const showPeriod = period.toLowerCase() !== price.name.trim().toLowerCase();
  const classes = [
    styles.option,
    selected ? styles.selected : '',
    soldOut ? styles.soldOut : '',
    unavailable ? styles.unavailable : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <label className={classes} data-price-id={price.id}>
      <input
        type="radio"
        name={groupName}
        value={price.id}
        checked={selected}
        disabled={soldOut}
        onChange={onSelect}
        className={styles.radio}
      />
      <span className={styles.head}>
        <span className={styles.titles}>
          <span className={styles.name}>{price.name}</span>
          {showPeriod ? <span className={styles.period}>{period}</span> : null}
        </span>
        {price.vipOnly ? (
          <span className={styles.vip}>
            <GemIcon size={14} />
            VIP only
          </span>
        ) : null}
      </span>

      <span className={styles.priceRow}>
        {price.finalPrice !== null ? (
          <>
            <del className={styles.oldPrice}>
              <VisuallyHidden>Was </VisuallyHidden>
              {creditsLabel(price.price)}
            </del>
            <span className={styles.price}>
              <VisuallyHidden>Now </VisuallyHidden>
              {creditsLabel(price.finalPrice)}
            </span>
            {price.promoDiscountPercent > 0 ? (
              <span className={styles.discount}>-{price.promoDiscountPercent}%</span>
            ) : null}
          </>
        ) : (
          <span className={styles.price}>{creditsLabel(price.price)}</span>
        )}
        {extraDays ? <span className={styles.extraDays}>{extraDays}</span> : null}
      </span>

      {slot.text ? (
        <span className={styles.slots} data-slot-state={slot.state}>
          <span>{slot.text}</span>
          {slot.occupancy !== null && slot.state === 'visible' ? (
            <span className={styles.meter} aria-hidden="true">
              <span className={styles.meterFill} style={{ width: `${Math.round(slot.occupancy * 100)}%` }} />
            </span>
          ) : null}
        </span>
      ) : null}

      {unavailable ? (
        <span className={styles.unavailableReason} data-testid="option-unavailable">
          <span className={styles.unavailableTag}>Unavailable</span> {unavailable}
        </span>
      ) : null}

      {price.description ? <span className={styles.description}>{price.description}</span> : null}
    </label>
  );
}
