import { useState } from 'react';
import { AppLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, TABLE_PAGE_SIZE, type DataColumn } from '@/components/data-table';
import { ProductImage } from '@/components/product-image';
import { formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { useListAddress } from '@/lib/list-address';
import { paths } from '@/lib/paths';
import { toastShown } from '@/lib/toast/toast-slice';
import { useDeleteProductMutation, useGetAdminProductsQuery, useGetProductOptionsQuery, type AdminProduct } from '../api/products-api';
import { PRODUCT_DELETED, productFailure } from '../lib/messages';

/** Back-office.md §8: a table's load failure. */
export const PRODUCTS_FAILED = 'Error loading data';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The columns the API sorts by (`GET /api/products?sort=`), by their ids here. */
export const SORTABLE = ['sku', 'title', 'casePrice'] as const;
/** The list's filters in the address (/admin/products?brand=...&category=...). */
export const FILTER_KEYS = ['brand', 'category'] as const;

const columns: DataColumn<AdminProduct>[] = [
  {
    id: 'image',
    header: 'Image',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="w-16">
        <ProductImage src={row.original.image} alt="" />
      </div>
    ),
  },
  { accessorKey: 'sku', header: 'SKU', cell: ({ getValue }) => <span className="whitespace-nowrap font-mono text-sm">{getValue<string>()}</span> },
  { accessorKey: 'title', header: 'Title', cell: ({ getValue }) => <span className="font-medium">{getValue<string>()}</span> },
  { accessorFn: (p) => p.brand?.name ?? '', id: 'brand', header: 'Brand', enableSorting: false },
  { accessorFn: (p) => p.category?.name ?? '', id: 'category', header: 'Category', enableSorting: false },
  { accessorKey: 'casePrice', header: 'Case Price', sortDescFirst: false, cell: ({ getValue }) => formatMoney(getValue<number>()) },
  { accessorFn: (p) => p.package.join(', '), id: 'package', header: 'Package', enableSorting: false },
  {
    accessorKey: 'inStock',
    header: 'In Stock',
    enableSorting: false,
    cell: ({ getValue }) => <span className={`badge ${getValue<boolean>() ? 'badge-success' : 'badge-error'}`}>{yesNo(getValue<boolean>())}</span>,
  },
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
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const address = useListAddress(FILTER_KEYS, SORTABLE, () => setPage(1));
  const { brand, category } = address.values;
  const { data, isLoading, isFetching, isError, refetch } = useGetAdminProductsQuery(
    productListSearch({ page, pageSize, search, outOfStock, brand, category, sort: address.sort }),
  );
  const [remove, { isLoading: deleting }] = useDeleteProductMutation();
  const [toDelete, setToDelete] = useState<AdminProduct | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      dispatch(toastShown(PRODUCT_DELETED, 'success'));
      // The last row of a later page: step back to a page that still has rows.
      if (data && data.contents.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      dispatch(toastShown(productFailure('delete', error), 'error'));
    }
    setToDelete(null);
  };

  return (
    <>
      <DataTable<AdminProduct>
        title={outOfStock ? 'Out of Stock' : 'All Products'}
        emptyMessage={brand || category ? 'No products match these filters.' : undefined}
        searchLabel="Search products by title"
        columns={columns}
        data={data?.contents}
        getRowId={(p) => p.id}
        isLoading={isLoading}
        isFetching={isFetching}
        error={isError ? PRODUCTS_FAILED : null}
        onRetry={() => void refetch()}
        create={{ label: 'Create Product', to: paths.adminProductCreate.getHref() }}
        search={{
          value: search,
          onChange: (text) => {
            setSearch(text);
            setPage(1);
          },
        }}
        paging={{
          page,
          pageSize,
          totalItems: data?.totalItems ?? 0,
          hasMore: data?.hasMore ?? false,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
        serverSorting={address.sorting}
        rowActions={(p) => (
          <>
            <AppLink to={paths.adminProductEdit.getHref({ productId: p.id })} className="btn btn-xs" aria-label={`Edit ${p.title}`}>
              Edit
            </AppLink>
            <button type="button" className="btn btn-error btn-xs" aria-label={`Delete ${p.title}`} onClick={() => setToDelete(p)}>
              Delete
            </button>
          </>
        )}
      >
        <ProductFilters brand={brand} category={category} onChange={(change) => address.set(change)} />
      </DataTable>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Product"
        message={`Are you sure you want to delete "${toDelete?.title ?? ''}"?`}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
