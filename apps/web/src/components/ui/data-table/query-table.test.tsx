import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { DataTableColumn } from './data-table.tsx';
import { QueryTable } from './query-table.tsx';

interface Fruit {
  id: number;
  name: string;
}

interface FruitParams {
  page: number;
  size: number;
  sort: { key: 'name'; order: 'asc' | 'desc' };
}

interface FruitPage {
  content: Fruit[];
  totalPages: number;
}

const FRUITS: Fruit[] = Array.from({ length: 23 }, (_, index) => ({
  id: index + 1,
  name: `Fruit ${String(index + 1).padStart(2, '0')}`,
}));

const columns: DataTableColumn<Fruit>[] = [
  {
    id: 'name',
    header: 'Name',
    rowHeader: true,
    sortable: true,
    sortValue: (row) => row.name,
    cell: (row) => row.name,
  },
];

/** The server's answer for these params: its page of the fruits, in the order asked. */
function pageOf({ page, size, sort }: FruitParams): FruitPage {
  const sorted = sort.order === 'asc' ? FRUITS : [...FRUITS].reverse();
  return {
    content: sorted.slice(page * size, (page + 1) * size),
    totalPages: Math.ceil(FRUITS.length / size),
  };
}

function PagedFruits({ read }: { read: (params: FruitParams) => Promise<FruitPage> }) {
  const [params, setParams] = useState<FruitParams>({
    page: 0,
    size: 10,
    sort: { key: 'name', order: 'asc' },
  });
  const fruits = useQuery({
    queryKey: ['fruits', params],
    queryFn: () => read(params),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryTable
      query={fruits}
      what="the fruits"
      params={params}
      setParams={setParams}
      sortKeys={['name']}
      label="Fruits"
      columns={columns}
      getRowKey={(fruit) => fruit.id}
      empty="No fruit in stock."
    />
  );
}

function ListedFruits({ read }: { read: () => Promise<Fruit[]> }) {
  const fruits = useQuery({ queryKey: ['fruit-list'], queryFn: read });
  return (
    <QueryTable
      query={fruits}
      failure={<p role="alert">The orchard is closed.</p>}
      label="Fruits"
      columns={columns}
      getRowKey={(fruit) => fruit.id}
      empty="No fruit in stock."
    />
  );
}

const table = () => screen.getByRole('table', { name: 'Fruits' });
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);
const pager = () => screen.getByRole('navigation', { name: 'Fruits pages' });

describe('QueryTable', () => {
  it('shows loading rows, then the first page; Next asks the server for the next page', async () => {
    const read = vi.fn(async (params: FruitParams) => pageOf(params));
    renderWithProviders(<PagedFruits read={read} />);
    expect(screen.getAllByTestId('loading-row')).toHaveLength(3);

    await waitFor(() => expect(names()[0]).toBe('Fruit 01'));
    expect(names()).toHaveLength(10);
    expect(within(pager()).getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Fruit 11'));
    expect(read).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: { key: 'name', order: 'asc' } });
    expect(within(pager()).getByText('Page 2 of 3')).toBeTruthy();
  });

  it('asks the server for another sort from the first page', async () => {
    const read = vi.fn(async (params: FruitParams) => pageOf(params));
    renderWithProviders(<PagedFruits read={read} />);
    await waitFor(() => expect(names()[0]).toBe('Fruit 01'));
    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Fruit 11'));

    const header = within(table()).getByRole('columnheader', { name: 'Name' });
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(names()[0]).toBe('Fruit 23'));
    expect(read).toHaveBeenLastCalledWith({ page: 0, size: 10, sort: { key: 'name', order: 'desc' } });
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it("says 'We could not load the fruits.' when the first read fails, and Retry reads again", async () => {
    const read = vi
      .fn(async (params: FruitParams) => pageOf(params))
      .mockRejectedValueOnce(new Error('The server did not answer.'));
    renderWithProviders(<PagedFruits read={read} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the fruits.');
    expect(screen.queryByRole('table')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(names()[0]).toBe('Fruit 01'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages a list read whole in the browser', async () => {
    renderWithProviders(<ListedFruits read={async () => FRUITS} />);
    await waitFor(() => expect(names()).toHaveLength(10));
    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(names()[0]).toBe('Fruit 11');
  });

  it('shows the failure it is given instead of the usual error state', async () => {
    renderWithProviders(<ListedFruits read={() => Promise.reject(new Error('closed'))} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The orchard is closed.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
