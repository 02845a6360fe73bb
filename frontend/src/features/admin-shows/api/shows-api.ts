import { api, REVALIDATE } from '@/lib/api';

export interface Named {
  id: string;
  name: string;
}

/** A unit product as the API answers it (null when the product is not sold by the unit). */
export interface UnitProduct {
  id: string;
  sku: string;
  unitPrice: number;
  package: number[];
  availableStock: number;
}

/** A product inside a show line (GET /api/shows/{id}: showProducts[].product). */
export interface ShowLineProduct {
  id: string;
  sku: string;
  title: string;
  image: string | null;
  casePrice: number;
  package: number[];
  inStock: boolean;
  isCaseBreakable: boolean;
  unitProduct: UnitProduct | null;
}

export interface ShowLine {
  id: string;
  quantity: number;
  isUnit: boolean;
  notes: string | null;
  product: ShowLineProduct;
}

/** A show as GET /api/shows/{id} answers it (the fields the back office reads). */
export interface AdminShow {
  id: string;
  sku: string;
  title: string;
  description: string | null;
  image: string | null;
  videoURL: string | null;
  casePrice: number;
  inStock: boolean;
  showTypeId: string | null;
  showType: (Named & { description?: string | null }) | null;
  brand: Named | null;
  category: Named | null;
  showProducts: ShowLine[];
}

/** GET /api/shows: a page of shows in the server's title order. */
export interface AdminShowPage {
  shows: AdminShow[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number; hasMore: boolean };
}

/** A product the picker offers (GET /api/products: fireworks only, the server's default). */
export interface PickerProduct {
  id: string;
  sku: string;
  title: string;
  image: string | null;
  casePrice: number;
  inStock: boolean;
  isCaseBreakable: boolean;
  unitProduct: UnitProduct | null;
}

export interface PickerProductPage {
  contents: PickerProduct[];
  totalItems: number;
  hasMore: boolean;
  totalPages: number;
}

/** The brand and category choices of the show form (GET /api/metadata). */
export interface ShowOptions {
  brands: Named[];
  categories: Named[];
}

/** A line of POST and PUT /api/shows. */
export interface ShowLineBody {
  productId: string;
  quantity: number;
  notes?: string;
  isUnit: boolean;
}

/** POST and PUT /api/shows (admin-contract.md); PUT replaces the lines. */
export interface ShowBody {
  title: string;
  description?: string;
  casePrice: number;
  image: string;
  videoURL?: string;
  inStock: boolean;
  showTypeId: string;
  brandId: string;
  categoryId: string;
  products: ShowLineBody[];
}

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
    getShowTypeChoices: build.query<Named[], void>({
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
