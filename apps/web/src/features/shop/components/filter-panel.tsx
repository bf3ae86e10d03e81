import type { LabelResponse, PlanDeveloper } from '@ember/contracts/catalog';
import { SHOP_MIN_RATINGS, SHOP_PRICE_BANDS, type ShopPriceBand } from '@ember/contracts/shop-search';
import { Button } from '../../../components/ui/button/button.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { labelIconSrc } from '../utils/plan-images.ts';
import { pluginCountLabel } from '../utils/plugin-count.ts';
import styles from './filter-panel.module.css';

interface FilterPanelProps {
  id: string;
  labels: readonly LabelResponse[];
  developers: readonly PlanDeveloper[] | undefined;
  developersState: 'pending' | 'error' | 'success';
  onRetryDevelopers: () => void;
  selectedLabelIds: readonly number[];
  selectedDevelopers: readonly string[];
  onToggleLabel: (id: number) => void;
  onToggleDeveloper: (discordId: string) => void;
  /** Lowest average of stars; null: any. */
  minRating: number | null;
  onMinRating: (minRating: number | null) => void;
  price: ShopPriceBand | null;
  onPrice: (price: ShopPriceBand | null) => void;
  onClear: () => void;
  canClear: boolean;
  /** How many plans the ticked filters match; null while the answer is on its way. */
  matches: number | null;
  /** Closes the panel and moves to the results. */
  onShowResults: () => void;
}

/** Checkboxes for the 28 skill labels and the developers of listed plans; choices of rating and price. */
export function FilterPanel({
  id,
  labels,
  developers,
  developersState,
  onRetryDevelopers,
  selectedLabelIds,
  selectedDevelopers,
  onToggleLabel,
  onToggleDeveloper,
  minRating,
  onMinRating,
  price,
  onPrice,
  onClear,
  canClear,
  matches,
  onShowResults,
}: FilterPanelProps) {
  return (
    <section id={id} className={styles.panel} aria-label="Filters">
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Skills</legend>
        <div className={styles.options}>
          {labels.map((label) => (
            <label key={label.id} className={styles.option}>
              <input
                type="checkbox"
                name="labels"
                value={label.id}
                className={styles.checkbox}
                checked={selectedLabelIds.includes(label.id)}
                onChange={() => onToggleLabel(label.id)}
              />
              <img
                src={labelIconSrc(label.icon)}
                alt=""
                width={20}
                height={20}
                className={styles.labelIcon}
              />
              <span className={styles.optionText}>{label.name}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Rating</legend>
        <div className={styles.options}>
          {[null, ...SHOP_MIN_RATINGS].map((stars) => (
            <label key={stars ?? 'any'} className={styles.option}>
              <input
                type="radio"
                name="rating"
                value={stars ?? ''}
                className={styles.checkbox}
                checked={minRating === stars}
                onChange={() => onMinRating(stars)}
              />
              <span className={styles.optionText}>
                {stars === null ? 'Any rating' : `${stars} stars & up`}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Price</legend>
        <div className={styles.options}>
          {[null, ...SHOP_PRICE_BANDS].map((band) => (
            <label key={band?.value ?? 'any'} className={styles.option}>
              <input
                type="radio"
                name="price"
                value={band?.value ?? ''}
                className={styles.checkbox}
                checked={price === (band?.value ?? null)}
                onChange={() => onPrice(band?.value ?? null)}
              />
              <span className={styles.optionText}>{band === null ? 'Any price' : band.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Developers</legend>
        {developersState === 'pending' ? (
          <Spinner label="Loading developers" />
        ) : developersState === 'error' ? (
          <p className={styles.note}>
            The developer list could not be loaded.{' '}
            <button type="button" className={styles.inlineButton} onClick={onRetryDevelopers}>
              Try again
            </button>
          </p>
        ) : (
          <div className={`${styles.options} ${styles.developerOptions}`}>
            {developers?.map((developer) => (
              <label key={developer.discordId} className={styles.option}>
                <input
                  type="checkbox"
                  name="developers"
                  value={developer.discordId}
                  className={styles.checkbox}
                  checked={selectedDevelopers.includes(developer.discordId)}
                  onChange={() => onToggleDeveloper(developer.discordId)}
                />
                <span className={styles.developerText}>
                  <span className={styles.optionText}>{developer.displayName}</span>
                  <span className={styles.username}>@{developer.username}</span>
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>

      <div className={styles.footer}>
        {/* Before the code runs the boxes are sent with this; once it runs they apply as they are ticked. */}
        <Button variant="secondary" size="sm" type="submit" className={styles.beforeApp}>
          Apply
        </Button>
        <Button variant="secondary" size="sm" onClick={onShowResults} className={styles.onceAppRuns}>
          {matches === null ? 'Show plugins' : `Show ${pluginCountLabel(matches)}`}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={!canClear}>
          Clear filters
        </Button>
      </div>
    </section>
  );
}
