import { type MouseEvent, type ReactNode, useId } from 'react';
import { formatCount } from '../../../lib/format/money.ts';
import { ChevronRightIcon } from '../../icons/icons.tsx';
import { Button } from '../button/button.tsx';
import { Select } from '../select/select.tsx';
import styles from './pagination.module.css';

/** 'Page N of M' for a page numbered from 0 (spec §2). An empty list still reads 'Page 1 of 1'. */
export function pageLabel(page: number, totalPages: number): string {
  return `Page ${formatCount(page + 1)} of ${formatCount(Math.max(totalPages, 1))}`;
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
  /**
   * When pages have an address (the shop's `?page=N`): Previous and Next are links to it and the
   * page size is a GET form, so both work before the app's code runs, or without it (issue 26,
   * item 13). In the app a plain click or change still calls `onPage` / `onPageSize` in place.
   */
  addresses?: PageAddresses;
}

export interface PageAddresses {
  /** The address of page N (counted from 0), every other parameter kept. */
  pageHref: (page: number) => string;
  /** Where the page-size form goes (its field is `size`) and the parameters it carries along. */
  sizeAction: string;
  sizeCarried: ReadonlyArray<readonly [name: string, value: string]>;
}

/** A click the app handles in place; a modified one (new tab, new window) follows the link. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

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
  addresses,
}: PaginationProps<Size>) {
  const selectId = useId();
  const last = Math.max(totalPages, 1) - 1;

  /** Previous or Next: a button, or a link when pages have an address. */
  const step = (
    target: number,
    disabled: boolean,
    label: string,
    icons: { icon?: ReactNode; trailingIcon?: ReactNode },
  ) =>
    addresses ? (
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled}
        to={addresses.pageHref(target)}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onPage(target);
        }}
        {...icons}
      >
        {label}
      </Button>
    ) : (
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onPage(target)} {...icons}>
        {label}
      </Button>
    );

  const sizeSelect = (
    <Select
      id={selectId}
      name={addresses ? 'size' : undefined}
      value={pageSize}
      onChange={(event) => onPageSize(Number(event.target.value) as Size)}
    >
      {pageSizeOptions.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Select>
  );

  return (
    <nav className={`${styles.pagination} ${className ?? ''}`} aria-label={label}>
      <div className={styles.pager}>
        {step(Math.min(page - 1, last), page <= 0, 'Previous', {
          icon: <ChevronRightIcon size={16} className={styles.flip} />,
        })}
        <p className={styles.status} aria-live="polite">
          {pageLabel(page, totalPages)}
        </p>
        {step(page + 1, page >= last, 'Next', { trailingIcon: <ChevronRightIcon size={16} /> })}
      </div>
      {addresses ? (
        <form method="get" action={addresses.sizeAction} className={styles.size}>
          <label htmlFor={selectId}>{pageSizeLabel}</label>
          {sizeSelect}
          {addresses.sizeCarried.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {/* Until the app runs a change of the select does nothing by itself: this sends it. */}
          <Button variant="secondary" size="sm" type="submit" className={styles.sizeApply}>
            Show
          </Button>
        </form>
      ) : (
        <div className={styles.size}>
          <label htmlFor={selectId}>{pageSizeLabel}</label>
          {sizeSelect}
        </div>
      )}
    </nav>
  );
}
