import type { Schemas } from '@/api';
import { api, REVALIDATE } from '@/lib/api';

export type Named = Schemas['NamedJson'];

/** A product as GET /api/products/{id} answers it. */
export type AdminProduct = Schemas['ProductJson'];

export type AdminProductPage = Schemas['PageJson_ProductJson'];

/** The choices of the product form (GET /api/metadata: brands, categories, colours, effects). */
export type ProductOptions = Pick<Schemas['MetadataJson'], 'brands' | 'categories' | 'colors' | 'effects'>;

/**
 * POST and PUT /api/products (admin-contract.md): the package as comma-separated text;
 * `unitPrice` left out takes the price helper's (or the admin's earlier one), `unitStock` left
 * out keeps the stock.
 */
export type ProductBody = Schemas['ProductBody'];

const LIST = { type: 'Product', id: 'LIST' } as const;
/** What a product write changes besides the product: metadata product counts, unit stock rows, shows that hold it. */
const AROUND_A_PRODUCT = [
  { type: 'Metadata', id: 'PAGES' },
  { type: 'Inventory', id: 'LIST' },
  'Show',
] as const;

/** The back office's fireworks products: list, one product, the form's choices, and the writes. */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<AdminProductPage, string>({
      query: (search) => ({ url: `/products?${search}`, ...REVALIDATE }),
      providesTags: (result) => [LIST, ...(result?.contents ?? []).map((p) => ({ type: 'Product' as const, id: p.id }))],
    }),
    getAdminProduct: build.query<AdminProduct, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, ...REVALIDATE }),
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    getProductOptions: build.query<ProductOptions, void>({
      query: () => ({ url: '/metadata', ...REVALIDATE }),
      providesTags: [{ type: 'Metadata', id: 'ALL' }],
    }),
    createProduct: build.mutation<AdminProduct, ProductBody>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      invalidatesTags: [LIST, ...AROUND_A_PRODUCT],
    }),
    updateProduct: build.mutation<AdminProduct, { id: string; body: ProductBody }>({
      query: ({ id, body }) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'PUT', body }),
      // The list too: an edit can move the product in or out of a filtered list.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Product', id }, LIST, ...AROUND_A_PRODUCT],
    }),
    deleteProduct: build.mutation<void, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Product', id }, LIST, ...AROUND_A_PRODUCT],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useGetProductOptionsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
} = productsApi;
