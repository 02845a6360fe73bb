import { casePriceColumn, inStockColumn, leadColumns, yesNo } from '@/components/catalogue-columns';
import { DataTable, type DataColumn } from '@/components/data-table';
import { confirmDeleteOf, EditDelete, queryState, useConfirmedDelete, useServerList } from '@/components/server-list';
import { useListAddress } from '@/lib/list-address';
import { paths } from '@/lib/paths';
import { useDeleteProductMutation, useGetAdminProductsQuery, useGetProductOptionsQuery, type AdminProduct } from '../api/products-api';
import { PRODUCT_DELETED, productFailure } from '../lib/messages';

/** Back-office.md §8: a table's load failure. */
export const PRODUCTS_FAILED = 'Error loading data';

/** The columns the API sorts by (`GET /api/products?sort=`), by their ids here. */
export const SORTABLE = ['sku', 'title', 'casePrice'] as const;
/** The list's filters in the address (/admin/products?brand=...&category=...). */
export const FILTER_KEYS = ['brand', 'category'] as const;

const columns: DataColumn<AdminProduct>[] = [
  ...leadColumns<AdminProduct>(),
  { accessorFn: (p) => p.brand?.name ?? '', id: 'brand', header: 'Brand', enableSorting: false },
  { accessorFn: (p) => p.category?.name ?? '', id: 'category', header: 'Category', enableSorting: false },
  casePriceColumn<AdminProduct>(),
  { accessorFn: (p) => p.package.join(', '), id: 'package', header: 'Package', enableSorting: false },
  inStockColumn<AdminProduct>(),
  { accessorKey: 'isCaseBreakable', header: 'Case Breakable', enableSorting: false, cell: ({ getValue }) => yesNo(getValue<boolean>()) },
];

/**
 * The list query: the page, the title search and the Out of Stock filter (§7), the brand and
 * category filters, and the column sort (the server's title order, §9, without one).
 */
export function productListSearch({
  page,
  pageSize,
  search,
  outOfStock,
  brand = '',
  category = '',
  sort = null,
}: {
  page: number;
  pageSize: number;
  search: string;
  outOfStock: boolean;
  brand?: string;
  category?: string;
  sort?: string | null;
}) {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) q.set('searchTitle', search.trim());
  if (outOfStock) q.set('inStock', 'false');
  if (brand) q.set('brands', brand);
  if (category) q.set('categories', category);
  if (sort) q.set('sort', sort);
  return q.toString();
}

/** The brand and category filters (their choices from GET /api/metadata), in the address. */
function ProductFilters({ brand, category, onChange }: { brand: string; category: string; onChange: (change: { brand?: string; category?: string }) => void }) {
  const { data } = useGetProductOptionsQuery();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Brand
        <select className="select select-sm w-56" value={brand} onChange={(e) => onChange({ brand: e.target.value })}>
          <option value="">All brands</option>
          {data?.brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Category
        <select className="select select-sm w-56" value={category} onChange={(e) => onChange({ category: e.target.value })}>
          <option value="">All categories</option>
          {data?.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/**
 * The product list (All Products, or Out of Stock): the server's search and paging, sorted by
 * title, with Create, Edit and Delete (after a confirmation). Keyed by the filter, so
 * switching starts again at page 1.
 */
export function ProductTable({ outOfStock }: { outOfStock: boolean }) {
  const list = useServerList();
  const { page, pageSize, search } = list;
  const address = useListAddress(FILTER_KEYS, SORTABLE, () => list.setPage(1));
  const { brand, category } = address.values;
  const query = useGetAdminProductsQuery(
    productListSearch({ page, pageSize, search, outOfStock, brand, category, sort: address.sort }),
  );
  const { data } = query;
  const [remove, { isLoading: deleting }] = useDeleteProductMutation();
  const deletion = useConfirmedDelete<AdminProduct>({
    remove,
    deleting,
    deleted: PRODUCT_DELETED,
    failure: (error) => productFailure('delete', error),
    list,
    rowsOnPage: data?.contents.length ?? 0,
  });

  return (
    <>
      <DataTable<AdminProduct>
        title={outOfStock ? 'Out of Stock' : 'All Products'}
        emptyMessage={brand || category ? 'No products match these filters.' : undefined}
        searchLabel="Search products by title"
        columns={columns}
        data={data?.contents}
        getRowId={(p) => p.id}
        {...queryState(query, PRODUCTS_FAILED)}
        create={{ label: 'Create Product', to: paths.adminProductCreate.getHref() }}
        search={list.searchProps}
        paging={list.paging(data?.totalItems ?? 0, data?.hasMore ?? false)}
        serverSorting={address.sorting}
        rowActions={(p) => <EditDelete title={p.title} editTo={paths.adminProductEdit.getHref({ productId: p.id })} onDelete={() => deletion.ask(p)} />}
      >
        <ProductFilters brand={brand} category={category} onChange={(change) => address.set(change)} />
      </DataTable>
      {deletion.dialog('Delete Product', confirmDeleteOf)}
    </>
  );
}
