import { useId } from 'react';
import { Select } from '../../../components/ui/select/select.tsx';
import { SHOP_SORTS, type ShopSort } from '../utils/shop-search-params.ts';
import styles from './sort-select.module.css';

interface SortSelectProps {
  value: ShopSort;
  onChange: (sort: ShopSort) => void;
  /** The select's id (default: a generated one). */
  id?: string;
  /** The form field name, so the order is submitted with the shop's search form. */
  name?: string;
}

/** The shop's order: most popular, newest, cheapest first or by name. */
export function SortSelect({ value, onChange, id: givenId, name }: SortSelectProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.label}>
        Sort by
      </label>
      <Select
        id={id}
        name={name}
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
