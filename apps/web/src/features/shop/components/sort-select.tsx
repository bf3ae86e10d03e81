import { useId } from 'react';
import { Select } from '../../../components/ui/select/select.tsx';
import { SHOP_SORTS, type ShopSort } from '../utils/shop-search-params.ts';
import styles from './sort-select.module.css';

/** The shop's order: most popular, newest, cheapest first or by name. */
export function SortSelect({ value, onChange }: { value: ShopSort; onChange: (sort: ShopSort) => void }) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.label}>
        Sort by
      </label>
      <Select
        id={id}
        value={value}
        className={styles.select}
        onChange={(event) =>
          onChange(SHOP_SORTS.find((option) => option.value === event.target.value)?.value ?? 'popular')
        }
      >
        {SHOP_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
