import { DataTable, type DataColumn } from '@/components/data-table';
import { EditDelete, queryState, RowLink, useConfirmedDelete, useServerList } from '@/components/server-list';
import { ProductImage } from '@/components/product-image';
import { formatMoney } from '@/lib/format';
import { useListAddress } from '@/lib/list-address';
import { paths } from '@/lib/paths';
import { showTypeLabel } from '@/lib/show-types';
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
  const list = useServerList();
  const { page, pageSize, search } = list;
  const address = useListAddress(NO_FILTERS, SORTABLE, () => list.setPage(1));
  const query = useGetAdminShowsQuery(showListSearch({ page, pageSize, search, sort: address.sort }));
  const { data } = query;
  const [remove, { isLoading: deleting }] = useDeleteShowMutation();
  const deletion = useConfirmedDelete<AdminShow>({
    remove,
    deleting,
    deleted: SHOW_DELETED,
    failure: (error) => showFailure('delete', error),
    list,
    rowsOnPage: data?.shows.length ?? 0,
  });

  return (
    <>
      <DataTable<AdminShow>
        title="All Shows"
        searchLabel="Search shows by title"
        columns={columns}
        data={data?.shows}
        getRowId={(s) => s.id}
        {...queryState(query, SHOWS_FAILED)}
        create={{ label: 'Create Show', to: paths.adminShowCreate.getHref() }}
        search={list.searchProps}
        paging={list.paging(data?.pagination.total ?? 0, data?.pagination.hasMore ?? false)}
        serverSorting={address.sorting}
        rowActions={(s) => (
          <EditDelete title={s.title} editTo={paths.adminShowEdit.getHref({ showId: s.id })} onDelete={() => deletion.ask(s)}>
            <RowLink to={paths.show.getHref({ showId: s.id })} label={`View ${s.title}`}>
              View
            </RowLink>
          </EditDelete>
        )}
      />
      {deletion.dialog('Delete Show', confirmShowDelete)}
    </>
  );
}
