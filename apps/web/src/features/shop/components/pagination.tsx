import { PLAN_PAGE_SIZES } from '@ember/contracts/constants';
import { useId } from 'react';
import { ChevronRightIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import type { PlanPageSize } from '../utils/shop-search-params.ts';
import styles from './pagination.module.css';

/** 'Page N of M' for a page numbered from 0 (spec §2). An empty list still reads 'Page 1 of 1'. */
export function pageLabel(page: number, totalPages: number): string {
  return `Page ${page + 1} of ${Math.max(totalPages, 1)}`;
}

interface PaginationProps {
  page: number;
  totalPages: number;
  size: PlanPageSize;
  onPage: (page: number) => void;
  onSize: (size: PlanPageSize) => void;
}

/** Previous / next, where we are, and how many plans a page shows. */
export function Pagination({ page, totalPages, size, onPage, onSize }: PaginationProps) {
  const selectId = useId();
  const last = Math.max(totalPages, 1) - 1;
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <div className={styles.pager}>
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 0}
          onClick={() => onPage(Math.min(page - 1, last))}
          icon={<ChevronRightIcon size={16} className={styles.flip} />}
        >
          Previous
        </Button>
        <p className={styles.status} aria-live="polite">
          {pageLabel(page, totalPages)}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
          trailingIcon={<ChevronRightIcon size={16} />}
        >
          Next
        </Button>
      </div>
      <div className={styles.size}>
        <label htmlFor={selectId}>Plugins per page</label>
        <select
          id={selectId}
          className={styles.select}
          value={size}
          onChange={(event) => onSize(Number(event.target.value) as PlanPageSize)}
        >
          {PLAN_PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
