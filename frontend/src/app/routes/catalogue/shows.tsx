import { Page } from '@/components/page';
import { catalogueApi, useGetShowFacetsQuery, useGetShowsQuery, useGetShowTypesQuery } from '@/features/catalogue/api/catalogue-api';
import { ShowResults } from '@/features/catalogue/components/listing';
import { ShowTypeButtons } from '@/features/catalogue/components/show-type-buttons';
import { useCatalogueFilters } from '@/features/catalogue/components/use-catalogue-filters';
import { parseFilters, SHOW_TYPE_FACETS, showsQuery } from '@/features/catalogue/lib/filters';
import { paths } from '@/lib/paths';
import { ShowCard } from './cards';
import type { PageLoader } from '../page-loader';

/** The list, the show types and their counts, read before the first render of a landing visit. */
export const load: PageLoader = (dispatch, { search }) => {
  const { getShowTypes, getShows, getShowFacets } = catalogueApi.endpoints;
  return [
    dispatch(getShowTypes.initiate(undefined, { subscribe: false })),
    dispatch(getShows.initiate(showsQuery(parseFilters(new URLSearchParams(search))), { subscribe: false })),
    dispatch(getShowFacets.initiate(SHOW_TYPE_FACETS, { subscribe: false })),
  ];
};

/** /shows: every show, filtered by show type. */
export default function Shows() {
  const catalogue = useCatalogueFilters();
  const { filters, update } = catalogue;
  const types = useGetShowTypesQuery();
  const shows = useGetShowsQuery(showsQuery(filters));
  // The type buttons' counts: the list's only other filter is the type itself, which they ignore.
  const facets = useGetShowFacetsQuery(SHOW_TYPE_FACETS);
  return (
    <Page title="Shows" heading="Fireworks Shows" wide>
      <ShowTypeButtons
        types={types.data}
        loading={types.isLoading}
        selected={filters.showType}
        onSelect={(showType) => update({ showType })}
        counts={facets.data?.showTypes ?? undefined}
      />
      <section aria-label="Shows" className="mt-6 space-y-4">
        <ShowResults
          query={shows}
          loadingLabel="Loading shows..."
          gridLabel="Show results"
          emptyTitle="No Shows Found"
          onClearAll={() => update({ showType: undefined })}
          renderItem={(s) => <ShowCard show={s} to={paths.show.getHref({ showId: s.id })} />}
          paging={catalogue}
        />
      </section>
    </Page>
  );
}
