import type { Schemas } from '@/api';
import { api, REVALIDATE } from '@/lib/api';

export type Named = Schemas['NamedJson'];

/** A unit product as the API answers it (null when the product is not sold by the unit). */
export type UnitProduct = Schemas['UnitProductJson'];

/** A product inside a show line (GET /api/shows/{id}: showProducts[].product). */
export type ShowLineProduct = Schemas['ShowLineProductJson'];

export type ShowLine = Schemas['ShowLineJson'];

/** A show as GET /api/shows/{id} answers it. */
export type AdminShow = Schemas['ShowJson'];

/** GET /api/shows: a page of shows in the server's title order. */
export type AdminShowPage = Schemas['ShowPageJson'];

/** A product the picker offers (GET /api/products: fireworks only, the server's default). */
export type PickerProduct = Schemas['ProductJson'];

export type PickerProductPage = Schemas['PageJson_ProductJson'];

/** The brand and category choices of the show form (GET /api/metadata). */
export type ShowOptions = Pick<Schemas['MetadataJson'], 'brands' | 'categories'>;

/** A line of POST and PUT /api/shows. */
export type ShowLineBody = Schemas['ShowLineBody'];

/** POST and PUT /api/shows (admin-contract.md); PUT replaces the lines. */
export type ShowBody = Schemas['ShowBody'];

const LIST = { type: 'Show', id: 'LIST' } as const;
/** A show is a product too (GET /api/products/{id}), and metadata pages count what uses a brand or category. */
const aroundAShow = (id: string) => [{ type: 'Product', id }, { type: 'Metadata', id: 'PAGES' }] as const;

/** The back office's shows: list, one show, the form's choices, the picker's products, and the writes. */
export const showsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminShows: build.query<AdminShowPage, string>({
      query: (search) => ({ url: `/shows?${search}`, ...REVALIDATE }),
      providesTags: (result) => [LIST, ...(result?.shows ?? []).map((s) => ({ type: 'Show' as const, id: s.id }))],
    }),
    getAdminShow: build.query<AdminShow, string>({
      query: (id) => ({ url: `/shows/${encodeURIComponent(id)}`, ...REVALIDATE }),
      providesTags: (_r, _e, id) => [{ type: 'Show', id }],
    }),
    getShowFormOptions: build.query<ShowOptions, void>({
      query: () => ({ url: '/metadata', ...REVALIDATE }),
      providesTags: [{ type: 'Metadata', id: 'ALL' }],
    }),
    getShowTypeChoices: build.query<Schemas['TypeJson'][], void>({
      query: () => ({ url: '/shows/types/all', ...REVALIDATE }),
      providesTags: [{ type: 'Metadata', id: 'SHOW_TYPES' }],
    }),
    getShowPickerProducts: build.query<PickerProductPage, string>({
      query: (search) => ({ url: `/products?${search}`, ...REVALIDATE }),
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result?.contents ?? []).map((p) => ({ type: 'Product' as const, id: p.id })),
      ],
    }),
    createShow: build.mutation<AdminShow, ShowBody>({
      query: (body) => ({ url: '/shows', method: 'POST', body }),
      invalidatesTags: [LIST, { type: 'Metadata', id: 'PAGES' }],
    }),
    updateShow: build.mutation<AdminShow, { id: string; body: ShowBody }>({
      query: ({ id, body }) => ({ url: `/shows/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Show', id }, LIST, ...aroundAShow(id)],
    }),
    deleteShow: build.mutation<void, string>({
      query: (id) => ({ url: `/shows/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Show', id }, LIST, ...aroundAShow(id)],
    }),
  }),
});

export const {
  useGetAdminShowsQuery,
  useGetAdminShowQuery,
  useGetShowFormOptionsQuery,
  useGetShowTypeChoicesQuery,
  useGetShowPickerProductsQuery,
  useCreateShowMutation,
  useUpdateShowMutation,
  useDeleteShowMutation,
} = showsApi;
