import { useId } from 'react';
import { ChevronRightIcon } from '../../icons/icons.tsx';
import { Button } from '../button/button.tsx';
import { Select } from '../select/select.tsx';
import styles from './pagination.module.css';

/** 'Page N of M' for a page numbered from 0 (spec §2). An empty list still reads 'Page 1 of 1'. */
export function pageLabel(page: number, totalPages: number): string {
  return `Page ${page + 1} of ${Math.max(totalPages, 1)}`;
}

interface PaginationProps<Size extends number> {
  page: number;
  totalPages: number;
  pageSize: Size;
  pageSizeOptions: readonly Size[];
  /** e.g. 'Rows per page', 'Plugins per page'. */
  pageSizeLabel: string;
  /** Accessible name of the navigation landmark. */
  label: string;
  onPage: (page: number) => void;
  onPageSize: (size: Size) => void;
  /** The caller's frame (border, padding) around the controls. */
  className?: string;
}

/** The one pager of the app: previous / next, where we are, and how many items a page shows. */
export function Pagination<Size extends number>({
  page,
  totalPages,
  pageSize,
  pageSizeOptions,
  pageSizeLabel,
  label,
  onPage,
  onPageSize,
  className,
}: PaginationProps<Size>) {
  const selectId = useId();
  const last = Math.max(totalPages, 1) - 1;
  return (
    <nav className={`${styles.pagination} ${className ?? ''}`} aria-label={label}>
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
        <label htmlFor={selectId}>{pageSizeLabel}</label>
        <Select
          id={selectId}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value) as Size)}
        >
          {pageSizeOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </div>
    </nav>
  );
}
