import { DataTable, type DataColumn } from '@/components/data-table';
import { useServerList } from '@/components/server-list';
import { INVENTORY_VIEWS, type InventoryView } from '@/lib/admin-views';
import { formatMoney } from '@/lib/format';
import { useListAddress } from '@/lib/list-address';
import { useGetInventoryQuery, type InventoryItem } from '../api/inventory-api';

/** Back-office.md §8 and §9. */
export const INVENTORY_EMPTY = 'No inventory items found.';
export const INVENTORY_FAILED = 'Error fetching inventory data';
export const INVENTORY_PAGE_SIZE = 10;
/** decisions.md "Stock": low stock is 0 < stock < 10. */
export const LOW_STOCK_BELOW = 10;

export const VIEW_TITLES: Record<InventoryView | 'all', string> = {
  all: 'All Inventory',
  [INVENTORY_VIEWS.lowStock]: 'Low Stock',
  [INVENTORY_VIEWS.outOfStock]: 'Out of Stock',
};

function Stock({ value }: { value: number }) {
  if (value <= 0) return <span className="badge badge-error">{value} (out of stock)</span>;
  if (value < LOW_STOCK_BELOW) return <span className="badge badge-warning">{value} (low)</span>;
  return <span>{value}</span>;
}

/** The columns the API sorts by (`GET /api/admin/inventory?sort=`), by their ids here. */
export const SORTABLE = ['sku', 'title', 'unitPrice', 'availableStock'] as const;
const NO_FILTERS = [] as const;

const columns: DataColumn<InventoryItem>[] = [
  { accessorKey: 'sku', header: 'SKU', cell: ({ getValue }) => <span className="whitespace-nowrap font-mono text-sm">{getValue<string>()}</span> },
  { accessorFn: (i) => i.product.title, id: 'title', header: 'Product' },
  { accessorFn: (i) => (i.kind === 'variant' ? 'Apparel variant' : 'Unit'), id: 'kind', header: 'Type', enableSorting: false },
  { accessorKey: 'unitPrice', header: 'Unit Price', sortDescFirst: false, cell: ({ getValue }) => formatMoney(getValue<number>()) },
  { accessorFn: (i) => i.package.join(', '), id: 'package', header: 'Package', enableSorting: false },
  {
    accessorKey: 'availableStock',
    header: 'Available Stock',
    sortDescFirst: false,
    cell: ({ getValue }) => <Stock value={getValue<number>()} />,
  },
];

/**
 * The inventory list of one view (All Inventory, Low Stock, Out of Stock): the server's search
 * and paging, 10 per page to start (§9), in the server's order (by SKU). Keyed by view, so a
 * new view starts again at page 1 with an empty search.
 */
export function InventoryTable({ view }: { view: InventoryView | null }) {
  const list = useServerList(INVENTORY_PAGE_SIZE);
  const { page, pageSize, search } = list;
  const address = useListAddress(NO_FILTERS, SORTABLE, () => list.setPage(1));
  const { data, isLoading, isFetching, isError, refetch } = useGetInventoryQuery({ page, pageSize, search, view, sort: address.sort });

  return (
    <DataTable<InventoryItem>
      title={VIEW_TITLES[view ?? 'all']}
      searchLabel="Search inventory"
      columns={columns}
      data={data?.items}
      getRowId={(i) => `${i.kind}-${i.id}`}
      isLoading={isLoading}
      isFetching={isFetching}
      error={isError ? INVENTORY_FAILED : null}
      onRetry={() => void refetch()}
      emptyMessage={INVENTORY_EMPTY}
      serverSorting={address.sorting}
      search={list.searchProps}
      paging={list.paging(data?.pagination.totalItems ?? 0, data?.pagination.hasMore ?? false)}
    />
  );
}
