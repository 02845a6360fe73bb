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
import { useDeleteApparelMutation, useGetAdminApparelListQuery, type AdminApparel } from '../api/apparel-api';
import { APPAREL_DELETED, APPAREL_LIST_FAILED, apparelFailure } from '../lib/messages';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The columns the API sorts by (`GET /api/apparel?sort=`), by their ids here. */
export const SORTABLE = ['sku', 'title', 'casePrice'] as const;
const NO_FILTERS = [] as const;

const columns: DataColumn<AdminApparel>[] = [
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
  { accessorFn: (p) => p.apparelType?.name ?? '', id: 'type', header: 'Type', enableSorting: false },
  { accessorFn: (p) => p.brand?.name ?? '', id: 'brand', header: 'Brand', enableSorting: false },
  { accessorKey: 'casePrice', header: 'Case Price', sortDescFirst: false, cell: ({ getValue }) => formatMoney(getValue<number>()) },
  { accessorFn: (p) => p.variants.length, id: 'variants', header: 'Variants', enableSorting: false },
  {
    accessorKey: 'inStock',
    header: 'In Stock',
    enableSorting: false,
    cell: ({ getValue }) => <span className={`badge ${getValue<boolean>() ? 'badge-success' : 'badge-error'}`}>{yesNo(getValue<boolean>())}</span>,
  },
];

/**
 * The list query (§7): the page, the title search, and every apparel product
 * (showOutOfStock=true) or only those without stock (inStock=false); the column sort, if any.
 */
export function apparelListSearch({
  page,
  pageSize,
  search,
  outOfStock,
  sort = null,
}: {
  page: number;
  pageSize: number;
  search: string;
  outOfStock: boolean;
  sort?: string | null;
}) {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) q.set('searchTitle', search.trim());
  if (outOfStock) q.set('inStock', 'false');
  else q.set('showOutOfStock', 'true');
  if (sort) q.set('sort', sort);
  return q.toString();
}

/**
 * The apparel list (All Apparel, or Out of Stock): the server's search and paging in title order,
 * 25 a page, with View (the shop's page), Variants, Edit and Delete (after a confirmation).
 * Keyed by the section, so switching starts again at page 1; a new search does too (§4).
 */
export function ApparelTable({ outOfStock }: { outOfStock: boolean }) {
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const address = useListAddress(NO_FILTERS, SORTABLE, () => setPage(1));
  const { data, isLoading, isFetching, isError, refetch } = useGetAdminApparelListQuery(
    apparelListSearch({ page, pageSize, search, outOfStock, sort: address.sort }),
  );
  const [remove, { isLoading: deleting }] = useDeleteApparelMutation();
  const [toDelete, setToDelete] = useState<AdminApparel | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      dispatch(toastShown(APPAREL_DELETED, 'success'));
      // The last row of a later page: step back to a page that still has rows.
      if (data && data.contents.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      dispatch(toastShown(apparelFailure('delete', error), 'error'));
    }
    setToDelete(null);
  };

  return (
    <>
      <DataTable<AdminApparel>
        title={outOfStock ? 'Out of Stock' : 'All Apparel'}
        searchLabel="Search apparel by title"
        columns={columns}
        data={data?.contents}
        getRowId={(p) => p.id}
        isLoading={isLoading}
        isFetching={isFetching}
        error={isError ? APPAREL_LIST_FAILED : null}
        onRetry={() => void refetch()}
        create={{ label: 'Create Apparel Product', to: paths.adminApparelCreate.getHref() }}
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
            <AppLink to={paths.apparelItem.getHref({ productId: p.id })} className="btn btn-xs" aria-label={`View ${p.title}`}>
              View
            </AppLink>
            <AppLink to={paths.adminApparelVariants.getHref({ productId: p.id })} className="btn btn-xs" aria-label={`Manage variants of ${p.title}`}>
              Variants
            </AppLink>
            <AppLink to={paths.adminApparelEdit.getHref({ productId: p.id })} className="btn btn-xs" aria-label={`Edit ${p.title}`}>
              Edit
            </AppLink>
            <button type="button" className="btn btn-error btn-xs" aria-label={`Delete ${p.title}`} onClick={() => setToDelete(p)}>
              Delete
            </button>
          </>
        )}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Apparel Product"
        message={`Are you sure you want to delete "${toDelete?.title ?? ''}"?`}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
