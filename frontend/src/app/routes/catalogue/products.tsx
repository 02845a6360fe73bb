import { paths } from '@/lib/paths';
import { FilterDrawer } from '@/components/filter-drawer';
import { Page } from '@/components/page';
import { useGetMetadataQuery, useGetProductsQuery } from '@/features/catalogue/api/catalogue-api';
import { FirstLoad, ListingResults } from '@/features/catalogue/components/listing';
import { metadataGroups } from '@/features/catalogue/components/metadata-groups';
import { ProductCard } from './cards';
import { useCatalogueFilters } from '@/features/catalogue/components/use-catalogue-filters';
import { activeFilterCount, productsQuery } from '@/features/catalogue/lib/filters';

/** /products: the fireworks catalogue with the filter drawer and paging, kept in the address. */
export default function Products() {
  const { filters, update, clearAll, search } = useCatalogueFilters({ requirePaging: true });
  const meta = useGetMetadataQuery();
  const { data, currentData, error, isLoading, isFetching } = useGetProductsQuery(productsQuery(filters));
  const placeholder = isFetching && data !== undefined && currentData === undefined;
  const keys = ['categories', 'brands', 'colors', 'effects'] as const;
  const active = activeFilterCount(filters, keys);
  return (
    <Page title="Products" heading="Fireworks" wide>
      <div className="flex flex-col gap-6 lg:flex-row">
        <FilterDrawer
          searchTitle={filters.searchTitle}
          onSearchTitle={(searchTitle) => update({ searchTitle })}
          showOutOfStock={filters.showOutOfStock}
          onShowOutOfStock={(showOutOfStock) => update({ showOutOfStock })}
          groups={metadataGroups([...keys], meta.data, meta.isLoading, filters, update)}
          activeCount={active}
          onClearAll={clearAll}
        />
        <section aria-label="Products" className="min-w-0 flex-1 space-y-4">
          <FirstLoad isLoading={isLoading} error={error} label="Loading products..." />
          {data && !error && (
            <ListingResults
              items={data.contents}
              total={data.totalItems}
              hasMore={data.hasMore}
              page={filters.page}
              pageSize={filters.pageSize}
              isFetching={isFetching}
              isPlaceholderData={placeholder}
              gridLabel="Product results"
              emptyTitle="No Products Found"
              onClearAll={clearAll}
              renderItem={(p) => <ProductCard product={p} to={paths.product.getHref({ productId: p.id }, `?${search}`)} />}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize })}
            />
          )}
        </section>
      </div>
    </Page>
  );
}
