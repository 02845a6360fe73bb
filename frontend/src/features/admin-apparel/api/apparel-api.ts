import type { Schemas } from '@/api';
import { api, REVALIDATE } from '@/lib/api';

export type Named = Schemas['NamedJson'];

/** A variant as GET /api/products/{id} answers it. */
export type AdminVariant = Schemas['VariantJson'];

/** An apparel product as GET /api/products/{id} and GET /api/apparel answer it. */
export type AdminApparel = Schemas['ProductJson'];

export type AdminApparelPage = Schemas['PageJson_ProductJson'];

/** The form's brand, category and colour choices (GET /api/metadata). */
export type ApparelOptions = Pick<Schemas['MetadataJson'], 'brands' | 'categories' | 'colors'>;

/** An apparel type (GET /api/apparel/types/all). */
export type ApparelTypeOption = Schemas['ApparelTypeJson'];

/** One variant of POST and PUT /api/apparel/products; `availableStock` left out keeps a stored variant's live stock. */
export type VariantBody = Schemas['VariantBody'];

/** POST and PUT /api/apparel/products (admin-contract.md "APPAREL WRITES"): no SKU, the server assigns it. */
export type ApparelBody = Schemas['ApparelBody'];

export type VariantStock = Schemas['VariantStockJson'];

const APPAREL_LIST = { type: 'Apparel', id: 'LIST' } as const;
/** The admin summary's product count may include apparel. */
const PRODUCT_LIST = { type: 'Product', id: 'LIST' } as const;
const SKU_PREVIEW = { type: 'Apparel', id: 'SKU_PREVIEW' } as const;
/** What an apparel write changes besides the product: variant rows of the inventory, brand, category, colour and type counts. */
const AROUND_APPAREL = [
  { type: 'Inventory', id: 'LIST' },
  { type: 'Metadata', id: 'PAGES' },
  { type: 'Metadata', id: 'APPAREL_TYPES' },
] as const;
/** An apparel item is a `Product` and an `Apparel` in every view (frontend/README.md "Cache tags"). */
const itemTags = (id: string) => [
  { type: 'Apparel' as const, id },
  { type: 'Product' as const, id },
];

/** §9 and the server: the next base SKU may be kept 5 minutes. */
const SKU_PREVIEW_SECONDS = 300;

/** The back office's apparel: list, one product, the form's choices, the SKU preview, and the writes. */
export const apparelAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminApparelList: build.query<AdminApparelPage, string>({
      query: (search) => ({ url: `/apparel?${search}`, ...REVALIDATE }),
      providesTags: (result) => [APPAREL_LIST, ...(result?.contents ?? []).flatMap((p) => itemTags(p.id))],
    }),
    getAdminApparelItem: build.query<AdminApparel, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, ...REVALIDATE }),
      providesTags: (_r, _e, id) => itemTags(id),
    }),
    getApparelOptions: build.query<ApparelOptions, void>({
      query: () => ({ url: '/metadata', ...REVALIDATE }),
      providesTags: [{ type: 'Metadata', id: 'ALL' }],
    }),
    getApparelTypeOptions: build.query<ApparelTypeOption[], void>({
      query: () => ({ url: '/apparel/types/all', ...REVALIDATE }),
      providesTags: [{ type: 'Metadata', id: 'APPAREL_TYPES' }],
    }),
    getApparelSkuPreview: build.query<Schemas['SkuPreviewJson'], void>({
      query: () => ({ url: '/apparel/sku/preview', ...REVALIDATE }),
      providesTags: [SKU_PREVIEW],
      keepUnusedDataFor: SKU_PREVIEW_SECONDS,
    }),
    createApparel: build.mutation<AdminApparel, ApparelBody>({
      query: (body) => ({ url: '/apparel/products', method: 'POST', body }),
      invalidatesTags: [APPAREL_LIST, PRODUCT_LIST, SKU_PREVIEW, ...AROUND_APPAREL],
    }),
    updateApparel: build.mutation<AdminApparel, { id: string; body: ApparelBody }>({
      query: ({ id, body }) => ({ url: `/apparel/products/${encodeURIComponent(id)}`, method: 'PUT', body }),
      // The lists too (an edit can move it in or out of the out-of-stock view); carts lose the lines of removed variants.
      invalidatesTags: (_r, _e, { id }) => [...itemTags(id), APPAREL_LIST, PRODUCT_LIST, 'Cart', ...AROUND_APPAREL],
    }),
    deleteApparel: build.mutation<void, string>({
      query: (id) => ({ url: `/apparel/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [...itemTags(id), APPAREL_LIST, PRODUCT_LIST, ...AROUND_APPAREL],
    }),
    setVariantStock: build.mutation<VariantStock, Schemas['StockBody'] & { productId: string; variantId: string }>({
      query: ({ variantId, availableStock }) => ({
        url: `/apparel/variants/${encodeURIComponent(variantId)}/stock`,
        method: 'PUT',
        body: { availableStock },
      }),
      invalidatesTags: (_r, _e, { productId }) => [...itemTags(productId), APPAREL_LIST, { type: 'Inventory', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetAdminApparelListQuery,
  useGetAdminApparelItemQuery,
  useGetApparelOptionsQuery,
  useGetApparelTypeOptionsQuery,
  useGetApparelSkuPreviewQuery,
  useCreateApparelMutation,
  useUpdateApparelMutation,
  useDeleteApparelMutation,
  useSetVariantStockMutation,
} = apparelAdminApi;
