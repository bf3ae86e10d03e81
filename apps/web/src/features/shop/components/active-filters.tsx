import { CloseIcon } from '../../../components/icons/icons.tsx';
import chipList from '../../../components/ui/chip-list/chip-list.module.css';
import styles from './active-filters.module.css';

export interface ActiveFilter {
  key: string;
  label: string;
  onRemove: () => void;
}

/** The filters in force, each removable, so a shared link shows what it narrows. */
export function ActiveFilters({
  filters,
  onClearAll,
}: {
  filters: readonly ActiveFilter[];
  onClearAll: () => void;
}) {
  if (filters.length === 0) return null;
  return (
    <div className={styles.bar}>
      <ul className={chipList.list} aria-label="Active filters">
        {filters.map((filter) => (
          <li key={filter.key}>
            <button
              type="button"
              className={styles.chip}
              onClick={filter.onRemove}
              aria-label={`Remove filter ${filter.label}`}
            >
              <span>{filter.label}</span>
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      {filters.length > 1 ? (
        <button type="button" className={styles.clearAll} onClick={onClearAll}>
          Clear all
        </button>
      ) : null}
    </div>
  );
}
