import { paths } from '@/lib/paths';
import { Page } from '@/components/page';
import { Pagination } from '@/components/pagination';
import { useGetShowsQuery, useGetShowTypesQuery } from '@/features/catalogue/api/catalogue-api';
import { CardGrid, EmptyState, ListingError, ResultLine } from '@/features/catalogue/components/listing';
import { ShowCard } from './cards';
import { ShowTypeButtons } from '@/features/catalogue/components/show-type-buttons';
import { useCatalogueFilters } from '@/features/catalogue/components/use-catalogue-filters';
import { PAGE_SIZES } from '@/features/catalogue/lib/filters';
import { Loading } from '@/components/loading';

/** /shows: every show, filtered by show type. */
export default function Shows() {
  const { filters, update } = useCatalogueFilters();
  const types = useGetShowTypesQuery();
  const query = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize) });
  if (filters.showType) query.set('typeId', filters.showType);
  const { data, currentData, error, isLoading, isFetching } = useGetShowsQuery(query.toString());
  const placeholder = isFetching && data !== undefined && currentData === undefined;
  return (
    <Page title="Shows" heading="Fireworks Shows" wide>
      <ShowTypeButtons types={types.data} loading={types.isLoading} selected={filters.showType} onSelect={(showType) => update({ showType })} />
      <section aria-label="Shows" className="mt-6 space-y-4">
        {error ? (
          <ListingError error={error} />
        ) : isLoading || !data ? (
          <Loading label="Loading shows..." />
        ) : (
          <>
            <ResultLine shown={data.shows.length} total={data.pagination.total} updating={isFetching} />
            {data.shows.length === 0 ? (
              <EmptyState title="No Shows Found" onClearAll={() => update({ showType: undefined })} />
            ) : (
              <CardGrid label="Show results">
                {data.shows.map((s) => (
                  <li key={s.id}>
                    <ShowCard show={s} to={paths.show.getHref({ showId: s.id })} />
                  </li>
                ))}
              </CardGrid>
            )}
            <Pagination
              page={filters.page}
              pageSize={filters.pageSize}
              hasMore={data.pagination.page < data.pagination.totalPages}
              isFetching={isFetching}
              isPlaceholderData={placeholder}
              pageSizes={PAGE_SIZES}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize })}
            />
          </>
        )}
      </section>
    </Page>
  );
}
