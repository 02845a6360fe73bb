import { api } from '@/lib/api';
import type { Metadata, Product, ProductPage, Show, ShowPage, TypeRef } from './types';

/** Catalogue reads. List queries take the ready-made query string, so equal filters share a cache entry. */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductPage, string>({
      query: (search) => `/products?${search}`,
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result?.contents ?? []).map((p) => ({ type: 'Product' as const, id: p.id })),
      ],
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    getApparel: build.query<ProductPage, string>({
      query: (search) => `/apparel?${search}`,
      providesTags: (result) => [
        { type: 'Apparel', id: 'LIST' },
        ...(result?.contents ?? []).map((p) => ({ type: 'Apparel' as const, id: p.id })),
      ],
    }),
    getApparelTypes: build.query<TypeRef[], void>({
      query: () => '/apparel/types/all',
      providesTags: [{ type: 'Metadata', id: 'APPAREL_TYPES' }],
      keepUnusedDataFor: 300,
    }),
    getShows: build.query<ShowPage, string>({
      query: (search) => `/shows?${search}`,
      providesTags: (result) => [
        { type: 'Show', id: 'LIST' },
        ...(result?.shows ?? []).map((s) => ({ type: 'Show' as const, id: s.id })),
      ],
    }),
    getBrandShows: build.query<ShowPage, { brand: string; search: string }>({
      query: ({ brand, search }) => `/shows/brand/${encodeURIComponent(brand)}?${search}`,
      providesTags: [{ type: 'Show', id: 'LIST' }],
    }),
    getShow: build.query<Show, string>({
      query: (id) => `/shows/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Show', id }],
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
  useGetShowsQuery,
  useGetBrandShowsQuery,
  useGetShowQuery,
  useGetShowTypesQuery,
  useGetMetadataQuery,
} = catalogueApi;
