import { Page } from '@/components/page';
import { useGetApparelFacetsQuery, useGetApparelQuery, useGetApparelTypesQuery, useGetMetadataQuery } from '@/features/catalogue/api/catalogue-api';
import { FilteredListing } from '@/features/catalogue/components/filtered-listing';
import { ProductResults } from '@/features/catalogue/components/listing';
import { apparelOptions, metadataGroups } from '@/features/catalogue/components/metadata-groups';
import { useCatalogueFilters } from '@/features/catalogue/components/use-catalogue-filters';
import { apparelQuery, facetsQuery } from '@/features/catalogue/lib/filters';
import { paths } from '@/lib/paths';
import { ApparelCard } from './cards';

const KEYS = ['brands', 'colors', 'apparelTypes', 'genders', 'sizes'] as const;

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
