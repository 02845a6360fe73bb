import { Page } from '@/components/page';
import { catalogueApi, useGetMetadataQuery, useGetProductFacetsQuery, useGetProductsQuery } from '@/features/catalogue/api/catalogue-api';
import { FilteredListing } from '@/features/catalogue/components/filtered-listing';
import { ProductResults } from '@/features/catalogue/components/listing';
import { metadataGroups } from '@/features/catalogue/components/metadata-groups';
import { useCatalogueFilters } from '@/features/catalogue/components/use-catalogue-filters';
import { facetsQuery, parseFilters, productsQuery } from '@/features/catalogue/lib/filters';
import { paths } from '@/lib/paths';
import { ProductCard } from './cards';
import type { PageLoader } from '../page-loader';

const KEYS = ['categories', 'brands', 'colors', 'effects'] as const;

/** The list, its facets and the filter names, read before the first render of a landing visit. */
export const load: PageLoader = (dispatch, { search }) => {
  const query = productsQuery(parseFilters(new URLSearchParams(search)));
  const { getMetadata, getProducts, getProductFacets } = catalogueApi.endpoints;
  return [
    dispatch(getMetadata.initiate(undefined, { subscribe: false })),
    dispatch(getProducts.initiate(query, { subscribe: false })),
    dispatch(getProductFacets.initiate(facetsQuery(query), { subscribe: false })),
  ];
};

/** /products: the fireworks catalogue with the filter drawer and paging, kept in the address. */
export default function Products() {
  const catalogue = useCatalogueFilters({ requirePaging: true });
  const { filters, update, search } = catalogue;
  const meta = useGetMetadataQuery();
  const query = productsQuery(filters);
  const products = useGetProductsQuery(query);
  const facets = useGetProductFacetsQuery(facetsQuery(query));
  const groups = metadataGroups([...KEYS], meta.data, meta.isLoading, filters, update, {}, facets.data);
  return (
    <Page title="Products" heading="Fireworks" wide>
      <FilteredListing catalogue={catalogue} keys={KEYS} groups={groups} label="Products">
        <ProductResults
          query={products}
          loadingLabel="Loading products..."
          gridLabel="Product results"
          emptyTitle="No Products Found"
          onClearAll={catalogue.clearAll}
          renderItem={(p) => <ProductCard product={p} to={paths.product.getHref({ productId: p.id }, `?${search}`)} />}
          paging={catalogue}
        />
      </FilteredListing>
    </Page>
  );
}
