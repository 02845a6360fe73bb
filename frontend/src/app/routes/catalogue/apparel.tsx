import { Page } from '@/components/page';
import { catalogueApi, useGetApparelFacetsQuery, useGetApparelQuery, useGetApparelTypesQuery, useGetMetadataQuery } from '@/features/catalogue/api/catalogue-api';
import { FilteredListing } from '@/features/catalogue/components/filtered-listing';
import { ProductResults } from '@/features/catalogue/components/listing';
import { apparelOptions, metadataGroups } from '@/features/catalogue/components/metadata-groups';
import { useCatalogueFilters } from '@/features/catalogue/components/use-catalogue-filters';
import { apparelQuery, facetsQuery, parseFilters } from '@/features/catalogue/lib/filters';
import { paths } from '@/lib/paths';
import { ApparelCard } from './cards';
import type { PageLoader } from '../page-loader';

const KEYS = ['brands', 'colors', 'apparelTypes', 'genders', 'sizes'] as const;

/** The list, its facets, the filter names and apparel types, read before the first render of a landing visit. */
export const load: PageLoader = (dispatch, { search }) => {
  const query = apparelQuery(parseFilters(new URLSearchParams(search)));
  const { getMetadata, getApparelTypes, getApparel, getApparelFacets } = catalogueApi.endpoints;
  return [
    dispatch(getMetadata.initiate(undefined, { subscribe: false })),
    dispatch(getApparelTypes.initiate(undefined, { subscribe: false })),
    dispatch(getApparel.initiate(query, { subscribe: false })),
    dispatch(getApparelFacets.initiate(facetsQuery(query), { subscribe: false })),
  ];
};

/** /apparel: apparel with its filters (availability, brands, colours, types, genders, sizes). */
export default function Apparel() {
  const catalogue = useCatalogueFilters();
  const { filters, update, search } = catalogue;
  const meta = useGetMetadataQuery();
  const types = useGetApparelTypesQuery();
  const query = apparelQuery(filters);
  const apparel = useGetApparelQuery(query);
  const facets = useGetApparelFacetsQuery(facetsQuery(query));
  const groups = metadataGroups([...KEYS], meta.data, meta.isLoading, filters, update, apparelOptions(types), facets.data);
  return (
    <Page title="Apparel" wide>
      <FilteredListing catalogue={catalogue} keys={KEYS} groups={groups} label="Apparel">
        <ProductResults
          query={apparel}
          loadingLabel="Loading apparel..."
          gridLabel="Apparel results"
          emptyTitle="No Apparel Found"
          onClearAll={catalogue.clearAll}
          renderItem={(p) => <ApparelCard product={p} to={paths.apparelItem.getHref({ productId: p.id }, `?${search}`)} />}
          paging={catalogue}
        />
      </FilteredListing>
    </Page>
  );
}
