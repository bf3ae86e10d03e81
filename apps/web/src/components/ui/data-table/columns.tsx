import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { signedCredits } from '../../../lib/format/money.ts';
import { Button, type ButtonProps } from '../button/button.tsx';
import type { DataTableColumn } from './data-table.tsx';

/** An instant as the tables show it: readable, with the machine-readable value in `dateTime`. */
export function DateTimeCell({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatDateTime(iso)}
    </time>
  );
}

interface DateTimeColumnSpec<T> {
  id: string;
  header: string;
  value: (row: T) => string;
  className?: string;
  /** Who sorts on it, if anyone: the server, or the browser (a table of every row); newest first on the first click. */
  sort?: 'server' | 'browser';
}

/** A column of instants (created, requested, failed at …). */
export function dateTimeColumn<T>({
  id,
  header,
  value,
  className,
  sort,
}: DateTimeColumnSpec<T>): DataTableColumn<T> {
  return {
    id,
    header,
    ...(sort ? { firstSortDirection: 'desc' as const } : {}),
    ...(sort === 'server' ? { sortable: true } : {}),
    ...(sort === 'browser' ? { sortValue: (row: T) => Date.parse(value(row)) } : {}),
    cell: (row) => <DateTimeCell iso={value(row)} className={className} />,
  };
}

/**
 * A movement of credits, signed (+500 / −500) in the card's debit or credit colour; the server
 * sorts it, the largest first.
 */
export function signedCreditsColumn<T>({
  id,
  header,
  value,
  tones,
}: {
  id: string;
  header: string;
  value: (row: T) => number;
  tones: { debit?: string; credit?: string };
}): DataTableColumn<T> {
  return {
    id,
    header,
    align: 'end',
    sortable: true,
    firstSortDirection: 'desc',
    cell: (row) => {
      const amount = value(row);
      return <span className={amount < 0 ? tones.debit : tones.credit}>{signedCredits(amount)}</span>;
    },
  };
}

/** The column that names the row (its row header), sorted by that name in the browser; the name is its cell unless `cell` says more. */
export function nameColumn<T>(
  id: string,
  header: string,
  name: (row: T) => string,
  cell: (row: T) => ReactNode = name,
): DataTableColumn<T> {
  return { id, header, rowHeader: true, sortValue: name, cell };
}

/** The last column of a row's controls: at the end, and without a field label when stacked on a phone. */
export function actionsColumn<T>(
  id: string,
  header: string,
  cell: (row: T) => ReactNode,
): DataTableColumn<T> {
  return { id, header, align: 'end', hideLabelWhenStacked: true, cell };
}

type ButtonVariant = NonNullable<ButtonProps['variant']>;

export interface RowButtonSpec<T> {
  /** The button's accessible name, naming its row (e.g. 'Edit SUMMER'). */
  label: (row: T) => string;
  onClick: (row: NoInfer<T>) => void;
  /** What the button says (it may depend on the row: Show / Hide). */
  text: string | ((row: T) => string);
  /** 'secondary' unless given. */
  variant?: ButtonVariant | ((row: T) => ButtonVariant);
  icon?: ReactNode;
  loading?: (row: T) => boolean;
  loadingText?: string;
  disabled?: (row: T) => boolean;
}

/** A small button acting on one row of a table. */
export function RowButton<T>({ row, spec }: { row: T; spec: RowButtonSpec<T> }) {
  const variant = typeof spec.variant === 'function' ? spec.variant(row) : (spec.variant ?? 'secondary');
  return (
    <Button
      size="sm"
      variant={variant}
      icon={spec.icon}
      loading={spec.loading?.(row)}
      loadingText={spec.loadingText}
      disabled={spec.disabled?.(row)}
      onClick={() => spec.onClick(row)}
      aria-label={spec.label(row)}
    >
      {typeof spec.text === 'function' ? spec.text(row) : spec.text}
    </Button>
  );
}

/** An actions column of one button a row (Details, Edit, Retry …); the button says the header unless told. */
export function buttonColumn<T>(
  id: string,
  header: string,
  spec: Omit<RowButtonSpec<T>, 'text'> & { text?: string },
): DataTableColumn<T> {
  const button: RowButtonSpec<T> = { text: header, ...spec };
  return actionsColumn(id, header, (row) => <RowButton row={row} spec={button} />);
}

/**
 * An actions column of several buttons a row, side by side in `className` (the card's own
 * layout); `buttons` are keyed by what they do, in their order.
 */
export function buttonsColumn<T>(
  id: string,
  header: string,
  className: string | undefined,
  buttons: Record<string, RowButtonSpec<T>>,
): DataTableColumn<T> {
  return actionsColumn(id, header, (row) => (
    <span className={className}>
      {Object.entries(buttons).map(([key, spec]) => (
        <RowButton key={key} row={row} spec={spec} />
      ))}
    </span>
  ));
}
