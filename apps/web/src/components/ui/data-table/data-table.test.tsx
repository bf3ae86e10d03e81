import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { pageLabel as tablePageLabel } from '../pagination/pagination.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { sortRows } from './sort-rows.ts';

interface Fruit {
  id: number;
  name: string;
  stock: number | null;
}

const columns: DataTableColumn<Fruit>[] = [
  { id: 'name', header: 'Name', rowHeader: true, sortValue: (row) => row.name, cell: (row) => row.name },
  {
    id: 'stock',
    header: 'Stock',
    align: 'end',
    firstSortDirection: 'desc',
    sortValue: (row) => row.stock,
    cell: (row) => row.stock ?? '—',
  },
];

const fruits = (count: number): Fruit[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Fruit ${String(index + 1).padStart(2, '0')}`,
    stock: index + 1,
  }));

const table = () => screen.getByRole('table', { name: 'Fruits' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const names = () => bodyRows().map((row) => within(row).getByRole('rowheader').textContent);
const pager = () => screen.getByRole('navigation', { name: 'Fruits pages' });

function renderTable(rows: Fruit[] | undefined, extra: Partial<Parameters<typeof DataTable<Fruit>>[0]> = {}) {
  return renderWithProviders(
    <DataTable
      label="Fruits"
      columns={extra.columns ?? columns}
      rows={rows}
      getRowKey={(row) => row.id}
      empty="No fruit in stock."
      {...extra}
    />,
  );
}

describe('DataTable', () => {
  it('shows 10 rows per page by default and pages with Previous / Next', () => {
    renderTable(fruits(23));
    expect(bodyRows()).toHaveLength(10);
    expect(within(pager()).getByText('Page 1 of 3')).toBeTruthy();
    expect(tablePageLabel(1233, 5000)).toBe('Page 1,234 of 5,000');
    const previous = within(pager()).getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = within(pager()).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    fireEvent.click(next);
    expect(names()[0]).toBe('Fruit 11');
    fireEvent.click(next);
    expect(bodyRows()).toHaveLength(3);
    expect(within(pager()).getByText('Page 3 of 3')).toBeTruthy();
    expect(next.disabled).toBe(true);
    fireEvent.click(previous);
    expect(within(pager()).getByText('Page 2 of 3')).toBeTruthy();
  });

  it('offers the page sizes 5, 10, 25, 50 and 100 and goes back to the first page on a change', () => {
    renderTable(fruits(23));
    const size = within(pager()).getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(Array.from(size.options).map((option) => option.value)).toEqual(['5', '10', '25', '50', '100']);
    expect(size.value).toBe('10');
    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }));

    fireEvent.change(size, { target: { value: '5' } });
    expect(bodyRows()).toHaveLength(5);
    expect(names()[0]).toBe('Fruit 01');
    expect(within(pager()).getByText('Page 1 of 5')).toBeTruthy();

    fireEvent.change(size, { target: { value: '25' } });
    expect(bodyRows()).toHaveLength(23);
    expect(within(pager()).getByText('Page 1 of 1')).toBeTruthy();
  });

  it('needs no pager for a list that fits on the smallest page', () => {
    renderTable(fruits(4));
    expect(bodyRows()).toHaveLength(4);
    expect(screen.queryByRole('navigation', { name: 'Fruits pages' })).toBeNull();
  });

  it('sorts by a header, flips on the second click and says so with aria-sort', () => {
    renderTable([
      { id: 1, name: 'Pear', stock: 3 },
      { id: 2, name: 'apple', stock: null },
      { id: 3, name: 'Fig', stock: 9 },
    ]);
    const nameHeader = within(table()).getByRole('columnheader', { name: 'Name' });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(names()).toEqual(['apple', 'Fig', 'Pear']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(names()).toEqual(['Pear', 'Fig', 'apple']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');

    // A column's first click may go its own way (newest / most first); empty values go last.
    const stockHeader = within(table()).getByRole('columnheader', { name: 'Stock' });
    fireEvent.click(within(stockHeader).getByRole('button'));
    expect(names()).toEqual(['Fig', 'Pear', 'apple']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
  });

  it('starts from the default sort and returns to page 1 when the sort changes', () => {
    renderTable(fruits(12), { defaultSort: { columnId: 'stock', direction: 'desc' } });
    expect(names()[0]).toBe('Fruit 12');
    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(names()).toEqual(['Fruit 02', 'Fruit 01']);
    fireEvent.click(within(table()).getByRole('button', { name: 'Name' }));
    expect(names()[0]).toBe('Fruit 01');
    expect(within(pager()).getByText('Page 1 of 2')).toBeTruthy();
  });

  it('shows the empty state when there are no rows', () => {
    renderTable([]);
    expect(within(table()).getByText('No fruit in stock.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Fruits pages' })).toBeNull();
  });

  it('shows loading rows until the first rows arrive', () => {
    const { rerender } = renderTable(undefined, { loading: true });
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('loading-row')).toHaveLength(3);
    expect(screen.queryByText('No fruit in stock.')).toBeNull();
    rerender(
      <DataTable
        label="Fruits"
        columns={columns}
        rows={fruits(2)}
        getRowKey={(row) => row.id}
        empty="No fruit in stock."
      />,
    );
    expect(screen.queryAllByTestId('loading-row')).toHaveLength(0);
    expect(bodyRows()).toHaveLength(2);
  });

  it('labels every cell with its column for the stacked phone layout', () => {
    renderTable(fruits(1));
    const cells = within(bodyRows()[0] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Stock']);
    expect(
      within(bodyRows()[0] as HTMLElement)
        .getByRole('rowheader')
        .getAttribute('data-label'),
    ).toBe('Name');
  });

  it('leaves paging and sorting to the server when asked to', () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    const onSortChange = vi.fn();
    renderTable(fruits(10), {
      columns: [
        { id: 'name', header: 'Name', rowHeader: true, cell: (row) => row.name },
        { id: 'stock', header: 'Stock', sortable: true, cell: (row) => row.stock },
      ],
      sort: { columnId: 'stock', direction: 'desc' },
      onSortChange,
      paging: { page: 1, totalPages: 4, pageSize: 10, onPageChange, onPageSizeChange },
    });
    // The rows are shown as given: the server sorted and paged them.
    expect(names()[0]).toBe('Fruit 01');
    expect(within(pager()).getByText('Page 2 of 4')).toBeTruthy();
    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    fireEvent.change(within(pager()).getByRole('combobox', { name: 'Rows per page' }), {
      target: { value: '50' },
    });
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    fireEvent.click(within(table()).getByRole('button', { name: 'Stock' }));
    expect(onSortChange).toHaveBeenCalledWith({ columnId: 'stock', direction: 'asc' });
  });
});

describe('sortRows and tablePageLabel', () => {
  it('sorts numbers as numbers and keeps equal rows in order', () => {
    const rows = [
      { id: 'a', n: 10 },
      { id: 'b', n: 9 },
      { id: 'c', n: 10 },
    ];
    expect(sortRows(rows, (row) => row.n, 'asc').map((row) => row.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, (row) => row.n, 'desc').map((row) => row.id)).toEqual(['a', 'c', 'b']);
  });

  it("reads 'Page 1 of 1' for an empty table", () => {
    expect(tablePageLabel(0, 0)).toBe('Page 1 of 1');
  });
});
