import { api } from '@/lib/api';
import type { Facets, Metadata, Product, ProductPage, Show, ShowPage, TypeRef } from './types';

type ItemTag = { type: 'Product' | 'Apparel' | 'Show'; id: string };

/**
 * A product's tags. Every product is a `Product` (GET and PUT /products/{id}); an apparel item is
 * also an `Apparel` (the /apparel calls). Each view of it carries both, so invalidating either
 * refetches the product list, product detail, apparel list and apparel detail that show it.
 */
const productTags = ({ id, isApparel }: Pick<Product, 'id' | 'isApparel'>): ItemTag[] =>
  isApparel ? [{ type: 'Product', id }, { type: 'Apparel', id }] : [{ type: 'Product', id }];

const showTags = ({ id }: Pick<Show, 'id'>): ItemTag[] => [{ type: 'Show', id }];

/** A list's tags: `{type, id: 'LIST'}` (new and deleted items) plus the tags of every item on the page. */
function listTags<T>(type: ItemTag['type'], items: T[] | undefined, itemTags: (item: T) => ItemTag[]) {
  return [{ type, id: 'LIST' }, ...(items ?? []).flatMap(itemTags)];
}

/** Catalogue reads. List queries take the ready-made query string, so equal filters share a cache entry. */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductPage, string>({
      query: (search) => `/products?${search}`,
      providesTags: (result) => listTags('Product', result?.contents, productTags),
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      // The product and apparel detail pages both read /products/{id}: an apparel answer is tagged as apparel too.
      providesTags: (result, _e, id) => productTags(result ?? { id, isApparel: false }),
    }),
    getApparel: build.query<ProductPage, string>({
      query: (search) => `/apparel?${search}`,
      providesTags: (result) => listTags('Apparel', result?.contents, (p) => productTags({ id: p.id, isApparel: true })),
    }),
    // The counts beside the filter options. They change with any product or show, so a list's
    // LIST tag (which every catalogue write invalidates with the item) refetches them too.
    getProductFacets: build.query<Facets, string>({
      query: (search) => `/products/facets?${search}`,
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    getApparelFacets: build.query<Facets, string>({
      query: (search) => `/apparel/facets?${search}`,
      providesTags: [{ type: 'Apparel', id: 'LIST' }],
    }),
    getShowFacets: build.query<Facets, string>({
      query: (search) => `/shows/facets?${search}`,
      providesTags: [{ type: 'Show', id: 'LIST' }],
    }),
    getApparelTypes: build.query<TypeRef[], void>({
      query: () => '/apparel/types/all',
      providesTags: [{ type: 'Metadata', id: 'APPAREL_TYPES' }],
      keepUnusedDataFor: 300,
    }),
    getShows: build.query<ShowPage, string>({
      query: (search) => `/shows?${search}`,
      providesTags: (result) => listTags('Show', result?.shows, showTags),
    }),
    getBrandShows: build.query<ShowPage, { brand: string; search: string }>({
      query: ({ brand, search }) => `/shows/brand/${encodeURIComponent(brand)}?${search}`,
      providesTags: (result) => listTags('Show', result?.shows, showTags),
    }),
    getShow: build.query<Show, string>({
      query: (id) => `/shows/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => showTags({ id }),
    }),
    getShowTypes: build.query<TypeRef[], void>({
      query: () => '/shows/types/all',
      providesTags: [{ type: 'Metadata', id: 'SHOW_TYPES' }],
      keepUnusedDataFor: 300,
    }),
    getMetadata: build.query<Metadata, void>({
      query: () => '/metadata',
      providesTags: [{ type: 'Metadata', id: 'ALL' }],
      // storefront.md §9: metadata is cached 5 minutes.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductQuery,
  useGetApparelQuery,
  useGetApparelTypesQuery,
  useGetProductFacetsQuery,
  useGetApparelFacetsQuery,
  useGetShowFacetsQuery,
  useGetShowsQuery,
  useGetBrandShowsQuery,
  useGetShowQuery,
  useGetShowTypesQuery,
  useGetMetadataQuery,
} = catalogueApi;
