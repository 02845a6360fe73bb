import { casePriceColumn, inStockColumn, leadColumns } from '@/components/catalogue-columns';
import { DataTable, type DataColumn } from '@/components/data-table';
import { confirmDeleteOf, EditDelete, queryState, RowLink, useConfirmedDelete, useServerList } from '@/components/server-list';
import { useListAddress } from '@/lib/list-address';
import { paths } from '@/lib/paths';
import { useDeleteApparelMutation, useGetAdminApparelListQuery, type AdminApparel } from '../api/apparel-api';
import { APPAREL_DELETED, APPAREL_LIST_FAILED, apparelFailure } from '../lib/messages';

/** The columns the API sorts by (`GET /api/apparel?sort=`), by their ids here. */
export const SORTABLE = ['sku', 'title', 'casePrice'] as const;
const NO_FILTERS = [] as const;

const columns: DataColumn<AdminApparel>[] = [
  ...leadColumns<AdminApparel>(),
  { accessorFn: (p) => p.apparelType?.name ?? '', id: 'type', header: 'Type', enableSorting: false },
  { accessorFn: (p) => p.brand?.name ?? '', id: 'brand', header: 'Brand', enableSorting: false },
  casePriceColumn<AdminApparel>(),
  { accessorFn: (p) => p.variants.length, id: 'variants', header: 'Variants', enableSorting: false },
  inStockColumn<AdminApparel>(),
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
  const list = useServerList();
  const { page, pageSize, search } = list;
  const address = useListAddress(NO_FILTERS, SORTABLE, () => list.setPage(1));
  const query = useGetAdminApparelListQuery(
    apparelListSearch({ page, pageSize, search, outOfStock, sort: address.sort }),
  );
  const { data } = query;
  const [remove, { isLoading: deleting }] = useDeleteApparelMutation();
  const deletion = useConfirmedDelete<AdminApparel>({
    remove,
    deleting,
    deleted: APPAREL_DELETED,
    failure: (error) => apparelFailure('delete', error),
    list,
    rowsOnPage: data?.contents.length ?? 0,
  });

  return (
    <>
      <DataTable<AdminApparel>
        title={outOfStock ? 'Out of Stock' : 'All Apparel'}
        searchLabel="Search apparel by title"
        columns={columns}
        data={data?.contents}
        getRowId={(p) => p.id}
        {...queryState(query, APPAREL_LIST_FAILED)}
        create={{ label: 'Create Apparel Product', to: paths.adminApparelCreate.getHref() }}
        search={list.searchProps}
        paging={list.paging(data?.totalItems ?? 0, data?.hasMore ?? false)}
        serverSorting={address.sorting}
        rowActions={(p) => (
          <EditDelete title={p.title} editTo={paths.adminApparelEdit.getHref({ productId: p.id })} onDelete={() => deletion.ask(p)}>
            <RowLink to={paths.apparelItem.getHref({ productId: p.id })} label={`View ${p.title}`}>
              View
            </RowLink>
            <RowLink to={paths.adminApparelVariants.getHref({ productId: p.id })} label={`Manage variants of ${p.title}`}>
              Variants
            </RowLink>
          </EditDelete>
        )}
      />
      {deletion.dialog('Delete Apparel Product', confirmDeleteOf)}
    </>
  );
}
