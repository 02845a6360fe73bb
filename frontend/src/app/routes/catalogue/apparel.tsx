import { paths } from '@/lib/paths';
import { FilterDrawer } from '@/components/filter-drawer';
import { Page } from '@/components/page';
import { useGetApparelQuery, useGetApparelTypesQuery, useGetMetadataQuery } from '@/features/catalogue/api/catalogue-api';
import { ApparelCard } from './cards';
import { FirstLoad, ListingResults } from '@/features/catalogue/components/listing';
import { metadataGroups } from '@/features/catalogue/components/metadata-groups';
import { useCatalogueFilters } from '@/features/catalogue/components/use-catalogue-filters';
import { activeFilterCount, apparelQuery, GENDERS, SIZES } from '@/features/catalogue/lib/filters';
import { styleLabel } from '@/features/catalogue/lib/variants';

const KEYS = ['brands', 'colors', 'apparelTypes', 'genders', 'sizes'] as const;

/** /apparel: apparel with its filters (availability, brands, colours, types, genders, sizes). */
export default function Apparel() {
  const { filters, update, clearAll, search } = useCatalogueFilters();
  const meta = useGetMetadataQuery();
  const types = useGetApparelTypesQuery();
  const { data, currentData, error, isLoading, isFetching } = useGetApparelQuery(apparelQuery(filters));
  const placeholder = isFetching && data !== undefined && currentData === undefined;
  const groups = metadataGroups([...KEYS], meta.data, meta.isLoading, filters, update, {
    apparelTypes: {
      options: (types.data ?? []).map((t) => ({ value: t.id, label: t.name })),
      loading: types.isLoading,
    },
    genders: { legend: 'Genders', options: GENDERS.map((g) => ({ value: g, label: styleLabel(g) })) },
    sizes: { legend: 'Sizes', options: SIZES.map((s) => ({ value: s, label: s })) },
  });
  return (
    <Page title="Apparel" wide>
      <div className="flex flex-col gap-6 lg:flex-row">
        <FilterDrawer
          searchTitle={filters.searchTitle}
          onSearchTitle={(searchTitle) => update({ searchTitle })}
          showOutOfStock={filters.showOutOfStock}
          onShowOutOfStock={(showOutOfStock) => update({ showOutOfStock })}
          groups={groups}
          activeCount={activeFilterCount(filters, KEYS)}
          onClearAll={clearAll}
        />
        <section aria-label="Apparel" className="min-w-0 flex-1 space-y-4">
          <FirstLoad isLoading={isLoading} error={error} label="Loading apparel..." />
          {data && !error && (
            <ListingResults
              items={data.contents}
              total={data.totalItems}
              hasMore={data.hasMore}
              page={filters.page}
              pageSize={filters.pageSize}
              isFetching={isFetching}
              isPlaceholderData={placeholder}
              gridLabel="Apparel results"
              emptyTitle="No Apparel Found"
              onClearAll={clearAll}
              renderItem={(p) => <ApparelCard product={p} to={paths.apparelItem.getHref({ productId: p.id }, `?${search}`)} />}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize })}
            />
          )}
        </section>
      </div>
    </Page>
  );
}
