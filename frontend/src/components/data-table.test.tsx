import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { MAX_SEARCH_LEN } from '@/lib/limits';
import { DataTable, SEARCH_SETTLE_MS, type DataColumn } from './data-table';

interface Fuse {
  id: string;
  name: string;
  stock: number;
}

const columns: DataColumn<Fuse>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'stock', header: 'Stock' },
];

const fuses = (n: number): Fuse[] =>
  Array.from({ length: n }, (_, i) => ({ id: `f${i + 1}`, name: `Fuse ${String(i + 1).padStart(2, '0')}`, stock: (i * 7) % 10 }));

function renderTable(props: Partial<Parameters<typeof DataTable<Fuse>>[0]> = {}) {
  return render(
    <MemoryRouter>
      <DataTable<Fuse> title="Fuses" columns={columns} data={fuses(3)} getRowId={(f) => f.id} {...props} />
    </MemoryRouter>,
  );
}

const table = () => screen.getByRole('table', { name: 'Fuses' });
/** The text of the first cell of every body row. */
const firstColumn = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('shows a titled table with its rows, row actions and a create button', async () => {
    const onCreate = jest.fn();
    const onEdit = jest.fn();
    renderTable({
      create: { label: 'Add Fuse', onClick: onCreate },
      rowActions: (f) => (
        <button type="button" onClick={() => onEdit(f.id)}>
          Edit {f.name}
        </button>
      ),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Fuses' })).toBeInTheDocument();
    expect(within(table()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name↕', 'Stock↕', 'Actions']);
    expect(firstColumn()).toEqual(['Fuse 01', 'Fuse 02', 'Fuse 03']);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Fuse 02' }));
    expect(onEdit).toHaveBeenCalledWith('f2');
    await userEvent.click(screen.getByRole('button', { name: 'Add Fuse' }));
    expect(onCreate).toHaveBeenCalled();
    expect(screen.getByText('Showing 1-3 of 3')).toBeInTheDocument();
  });

  it('renders a create link when the action is an address', () => {
    renderTable({ create: { label: 'Create Fuse', to: '/fuses/new' } });
    expect(screen.getByRole('link', { name: 'Create Fuse' })).toHaveAttribute('href', '/fuses/new');
  });

  it('sorts by a column: ascending, descending, then back to the original order', async () => {
    renderTable({ data: [fuses(3)[1]!, fuses(3)[2]!, fuses(3)[0]!] });
    const name = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(firstColumn()).toEqual(['Fuse 02', 'Fuse 03', 'Fuse 01']);
    await userEvent.click(within(name()).getByRole('button', { name: /Name/ }));
    expect(name()).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()).toEqual(['Fuse 01', 'Fuse 02', 'Fuse 03']);
    await userEvent.click(within(name()).getByRole('button', { name: /Name/ }));
    expect(name()).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['Fuse 03', 'Fuse 02', 'Fuse 01']);
    await userEvent.click(within(name()).getByRole('button', { name: /Name/ }));
    expect(name()).not.toHaveAttribute('aria-sort');
    expect(firstColumn()).toEqual(['Fuse 02', 'Fuse 03', 'Fuse 01']);
  });

  it('starts with the initial sorting', () => {
    renderTable({ initialSorting: [{ id: 'name', desc: true }] });
    expect(firstColumn()).toEqual(['Fuse 03', 'Fuse 02', 'Fuse 01']);
  });

  it('searches its own rows in any case, and says so when nothing matches', async () => {
    renderTable({ data: fuses(12), emptyMessage: 'No fuses found.' });
    const box = screen.getByRole('searchbox', { name: 'Search fuses' });
    await userEvent.type(box, 'fuse 1');
    expect(firstColumn()).toEqual(['Fuse 10', 'Fuse 11', 'Fuse 12']);
    expect(screen.getByText('Showing 1-3 of 3')).toBeInTheDocument();
    await userEvent.type(box, '9');
    expect(within(table()).getByRole('cell', { name: 'No fuses found.' })).toBeInTheDocument();
  });

  it("takes no more search text than the server's searches do", () => {
    renderTable({ data: fuses(2) });
    expect(screen.getByRole('searchbox', { name: 'Search fuses' })).toHaveAttribute('maxLength', String(MAX_SEARCH_LEN));
  });

  it('pages its own rows with a page-size choice', async () => {
    renderTable({ data: fuses(12), initialPageSize: 10, pageSizes: [5, 10, 25] });
    const pages = screen.getByRole('navigation', { name: 'Fuses pages' });
    expect(firstColumn()).toHaveLength(10);
    expect(within(pages).getByText('Page 1')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(firstColumn()).toEqual(['Fuse 11', 'Fuse 12']);
    expect(screen.getByText('Showing 11-12 of 12')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: '5' }));
    expect(within(pages).getByRole('button', { name: '5' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(pages).getByText('Page 1')).toBeInTheDocument();
    expect(firstColumn()).toEqual(['Fuse 01', 'Fuse 02', 'Fuse 03', 'Fuse 04', 'Fuse 05']);
  });

  it('shows every row and no paging when paging is off', () => {
    renderTable({ data: fuses(30), paging: false });
    expect(firstColumn()).toHaveLength(30);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("hands the server's paging and settled search text to the caller", async () => {
    jest.useFakeTimers();
    const calls: string[] = [];
    function Server() {
      const [page, setPage] = useState(1);
      const [pageSize, setPageSize] = useState(10);
      const [search, setSearch] = useState('');
      calls.push(`${page}|${pageSize}|${search}`);
      return (
        <DataTable<Fuse>
          title="Fuses"
          columns={columns}
          data={fuses(25).slice((page - 1) * pageSize, page * pageSize)}
          getRowId={(f) => f.id}
          search={{ value: search, onChange: setSearch }}
          paging={{ page, pageSize, totalItems: 25, hasMore: page * pageSize < 25, onPageChange: setPage, onPageSizeChange: setPageSize }}
        />
      );
    }
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <MemoryRouter>
        <Server />
      </MemoryRouter>,
    );
    // The server's order is kept: no sort buttons.
    expect(within(table()).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Showing 1-10 of 25')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 11-20 of 25')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: '25' }));
    expect(calls.at(-1)).toBe('2|25|');
    await ue.type(screen.getByRole('searchbox', { name: 'Search fuses' }), 'gold');
    expect(calls.at(-1)).toBe('2|25|');
    act(() => jest.advanceTimersByTime(SEARCH_SETTLE_MS));
    expect(calls.at(-1)).toBe('2|25|gold');
    jest.useRealTimers();
  });

  it('shows Loading before the first rows', () => {
    renderTable({ data: undefined, isLoading: true });
    expect(within(table()).getByRole('status')).toHaveTextContent('Loading...');
  });

  it('says the empty message when there are no rows', () => {
    renderTable({ data: [], emptyMessage: 'No inventory items found.' });
    expect(screen.getByText('No inventory items found.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('shows the error instead of the rows, with Retry', async () => {
    const onRetry = jest.fn();
    renderTable({ error: 'Error fetching inventory data', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Error fetching inventory data');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
