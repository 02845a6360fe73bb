import { useState } from 'react';
import { AppLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, TABLE_PAGE_SIZE, type DataColumn } from '@/components/data-table';
import { ProductImage } from '@/components/product-image';
import { formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { useListAddress } from '@/lib/list-address';
import { paths } from '@/lib/paths';
import { showTypeLabel } from '@/lib/show-types';
import { toastShown } from '@/lib/toast/toast-slice';
import { useDeleteShowMutation, useGetAdminShowsQuery, type AdminShow } from '../api/shows-api';
import { confirmShowDelete, SHOW_DELETED, SHOWS_FAILED, showFailure } from '../lib/messages';

/** The columns the API sorts by (`GET /api/shows?sort=`), by their ids here. */
export const SORTABLE = ['sku', 'title', 'casePrice'] as const;
const NO_FILTERS = [] as const;

const columns: DataColumn<AdminShow>[] = [
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
  { accessorFn: (s) => showTypeLabel(s.showType?.name), id: 'showType', header: 'Show Type', enableSorting: false },
  { accessorFn: (s) => s.brand?.name ?? '', id: 'brand', header: 'Brand', enableSorting: false },
  { accessorFn: (s) => s.category?.name ?? '', id: 'category', header: 'Category', enableSorting: false },
  // The server's price, formatted; the shop never works a price out itself.
  { accessorKey: 'casePrice', header: 'Price', sortDescFirst: false, cell: ({ getValue }) => formatMoney(getValue<number>()) },
  { accessorFn: (s) => s.showProducts.length, id: 'products', header: 'Products', enableSorting: false },
  {
    accessorKey: 'inStock',
    header: 'In Stock',
    enableSorting: false,
    cell: ({ getValue }) => <span className={`badge ${getValue<boolean>() ? 'badge-success' : 'badge-error'}`}>{getValue<boolean>() ? 'Yes' : 'No'}</span>,
  },
];

/**
 * The list query: the page and the title search, in the server's title order (§9: shows by title
 * ascending) unless a column sort is asked for.
 */
export function showListSearch({ page, pageSize, search, sort = null }: { page: number; pageSize: number; search: string; sort?: string | null }) {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) q.set('searchTitle', search.trim());
  if (sort) q.set('sort', sort);
  return q.toString();
}

/**
 * The show list (back-office.md §2): the server's search and paging, by title (§9), with
 * Create, and per show View (the storefront page), Edit and Delete (after a confirmation).
 */
export function ShowTable() {
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const address = useListAddress(NO_FILTERS, SORTABLE, () => setPage(1));
  const { data, isLoading, isFetching, isError, refetch } = useGetAdminShowsQuery(showListSearch({ page, pageSize, search, sort: address.sort }));
  const [remove, { isLoading: deleting }] = useDeleteShowMutation();
  const [toDelete, setToDelete] = useState<AdminShow | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      dispatch(toastShown(SHOW_DELETED, 'success'));
      // The last row of a later page: step back to a page that still has rows.
      if (data && data.shows.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      dispatch(toastShown(showFailure('delete', error), 'error'));
    }
    setToDelete(null);
  };

  return (
    <>
      <DataTable<AdminShow>
        title="All Shows"
        searchLabel="Search shows by title"
        columns={columns}
        data={data?.shows}
        getRowId={(s) => s.id}
        isLoading={isLoading}
        isFetching={isFetching}
        error={isError ? SHOWS_FAILED : null}
        onRetry={() => void refetch()}
        create={{ label: 'Create Show', to: paths.adminShowCreate.getHref() }}
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
          totalItems: data?.pagination.total ?? 0,
          hasMore: data?.pagination.hasMore ?? false,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
        serverSorting={address.sorting}
        rowActions={(s) => (
          <>
            <AppLink to={paths.show.getHref({ showId: s.id })} className="btn btn-xs" aria-label={`View ${s.title}`}>
              View
            </AppLink>
            <AppLink to={paths.adminShowEdit.getHref({ showId: s.id })} className="btn btn-xs" aria-label={`Edit ${s.title}`}>
              Edit
            </AppLink>
            <button type="button" className="btn btn-error btn-xs" aria-label={`Delete ${s.title}`} onClick={() => setToDelete(s)}>
              Delete
            </button>
          </>
        )}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Show"
        message={confirmShowDelete(toDelete?.title ?? '')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
