import { useMemo } from 'react';
import { CountBadge } from '@/components/filter-drawer';
import { Loading } from '@/components/loading';
import { Page } from '@/components/page';
import {
  useGetApparelFacetsQuery,
  useGetApparelQuery,
  useGetApparelTypesQuery,
  useGetBrandShowsQuery,
  useGetMetadataQuery,
  useGetProductFacetsQuery,
  useGetProductsQuery,
  useGetShowFacetsQuery,
  useGetShowTypesQuery,
} from '@/features/catalogue/api/catalogue-api';
import { FilteredListing } from '@/features/catalogue/components/filtered-listing';
import { isPlaceholder, ListingError, ListingResults, ShowResults } from '@/features/catalogue/components/listing';
import { apparelOptions, metadataGroups } from '@/features/catalogue/components/metadata-groups';
import { ShowTypeButtons } from '@/features/catalogue/components/show-type-buttons';
import { useCatalogueFilters } from '@/features/catalogue/components/use-catalogue-filters';
import { BRAND_NAME, brandProductQueries, brandTabOf, filtersForTab, mergeBrandFacets, mergeBrandPages, type BrandTab } from '@/features/catalogue/lib/brand';
import { apparelQuery, facetsQuery, productsQuery } from '@/features/catalogue/lib/filters';
import { paths } from '@/lib/paths';
import { ApparelCard, ProductCard, ShowCard } from './cards';

const KEYS = ['categories', 'colors', 'effects', 'apparelTypes', 'genders', 'sizes'] as const;

/** /codyb: the Cody B brand page with its Products (fireworks + apparel) and Shows tabs. */
export default function BrandPage() {
  const catalogue = useCatalogueFilters({ replace: true });
  const { filters, update, clearAll } = catalogue;
  const tab = brandTabOf(filters.tab);
  const meta = useGetMetadataQuery();
  const types = useGetApparelTypesQuery();
  const showTypes = useGetShowTypesQuery();
  const brandId = meta.data?.brands.find((b) => b.name === BRAND_NAME)?.id;
  const queries = useMemo(() => (brandId ? brandProductQueries(filters, brandId) : null), [filters, brandId]);

  const products = useGetProductsQuery(queries?.products ?? '', { skip: !queries?.products });
  const apparel = useGetApparelQuery(queries?.apparel ?? '', { skip: !queries?.apparel });
  const showSearch = new URLSearchParams({
    page: String(tab === 'shows' ? filters.page : 1),
    pageSize: String(filters.pageSize),
  });
  if (tab === 'shows' && filters.showType) showSearch.set('typeId', filters.showType);
  const shows = useGetBrandShowsQuery({ brand: BRAND_NAME, search: showSearch.toString() });

  const merged = mergeBrandPages(queries?.products ? products.data : undefined, queries?.apparel ? apparel.data : undefined);
  const productsFetching = products.isFetching || apparel.isFetching;
  const productsPlaceholder = isPlaceholder(products) || isPlaceholder(apparel);
  const productsFirstLoad = meta.isLoading || (!!queries?.products && products.isLoading) || (!!queries?.apparel && apparel.isLoading);
  const productsError = meta.error ?? products.error ?? apparel.error;

  const switchTab = (next: BrandTab) => {
    if (next === tab) return;
    update(filtersForTab(filters, next));
  };

  // The filter counts of the products tab: both lists' counts with every filter (a list the tab
  // skips counts nothing for those filters anyway), added.
  const onProducts = tab === 'products' && !!brandId;
  const productFacets = useGetProductFacetsQuery(brandId ? facetsQuery(productsQuery(filters, [brandId]), KEYS) : '', { skip: !onProducts });
  const apparelFacets = useGetApparelFacetsQuery(brandId ? facetsQuery(apparelQuery(filters, [brandId]), KEYS) : '', { skip: !onProducts });
  const facets = mergeBrandFacets(productFacets.data, apparelFacets.data);
  const showFacets = useGetShowFacetsQuery(new URLSearchParams({ brand: BRAND_NAME, facets: 'showTypes' }).toString(), { skip: tab !== 'shows' });

  const groups = metadataGroups([...KEYS], meta.data, meta.isLoading, filters, update, apparelOptions(types), facets);

  const tabButton = (id: BrandTab, label: string, count: number | undefined) => (
    <button
      type="button"
      role="tab"
      id={`brand-tab-${id}`}
      aria-selected={tab === id}
      aria-controls="brand-panel"
      className={`btn ${tab === id ? 'btn-primary' : 'btn-ghost'}`}
      onClick={() => switchTab(id)}
    >
      {label}
      <span className="badge badge-sm">{count ?? '…'}</span>
    </button>
  );

  const brandMissing = meta.data && !brandId;
  return (
    <Page title={BRAND_NAME} heading={`${BRAND_NAME} Fireworks`} lead="Everything from Cody B: fireworks, apparel and complete shows." wide>
      <div role="tablist" aria-label="Cody B catalogue" className="flex gap-2 border-b border-base-300 pb-2">
        {tabButton('products', 'Products', queries ? merged.totalItems : undefined)}
        {tabButton('shows', 'Shows', shows.data?.pagination.total)}
      </div>
      <div role="tabpanel" id="brand-panel" aria-labelledby={`brand-tab-${tab}`} className="mt-6">
        {brandMissing ? (
          <ListingError error={{ data: { message: `Brand ${BRAND_NAME} not found` } }} />
        ) : tab === 'products' ? (
          <FilteredListing catalogue={catalogue} keys={KEYS} groups={groups} label="Cody B products">
            {productsError ? (
              <ListingError error={productsError} />
            ) : productsFirstLoad || !queries ? (
              <Loading label="Loading Cody B products..." />
            ) : (
              <ListingResults
                items={merged.contents}
                total={merged.totalItems}
                hasMore={merged.hasMore}
                isFetching={productsFetching}
                isPlaceholderData={productsPlaceholder}
                gridLabel="Cody B products"
                emptyTitle="No Products Found"
                onClearAll={clearAll}
                renderItem={(p) =>
                  p.isApparel ? (
                    <ApparelCard product={p} to={paths.apparelItem.getHref({ productId: p.id })} />
                  ) : (
                    <ProductCard product={p} to={paths.product.getHref({ productId: p.id })} />
                  )
                }
                paging={catalogue}
              />
            )}
          </FilteredListing>
        ) : (
          <section aria-label="Cody B shows" className="space-y-4">
            <div className="flex items-center gap-2">
              <ShowTypeButtons
                types={showTypes.data}
                loading={showTypes.isLoading}
                selected={filters.showType}
                onSelect={(showType) => update({ showType })}
                counts={showFacets.data?.showTypes ?? undefined}
              />
              <CountBadge count={filters.showType ? 1 : 0} />
            </div>
            <ShowResults
              query={shows}
              loadingLabel="Loading Cody B shows..."
              gridLabel="Cody B shows"
              emptyTitle="No Shows Found"
              onClearAll={() => update({ showType: undefined })}
              renderItem={(s) => <ShowCard show={s} to={paths.show.getHref({ showId: s.id })} />}
              paging={catalogue}
            />
          </section>
        )}
      </div>
    </Page>
  );
}
