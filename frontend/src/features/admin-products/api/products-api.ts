import { api, REVALIDATE } from '@/lib/api';

export interface Named {
  id: string;
  name: string;
}

/** A product as GET /api/products/{id} answers it (the fields the back office reads). */
export interface AdminProduct {
  id: string;
  sku: string;
  title: string;
  description: string | null;
  casePrice: number;
  inStock: boolean;
  isShow: boolean;
  isApparel: boolean;
  isCaseBreakable: boolean;
  image: string | null;
  videoURL: string | null;
  package: number[];
  brand: Named | null;
  category: Named | null;
  colors: Named[];
  effects: Named[];
  unitProduct: { id: string; sku: string; unitPrice: number; availableStock: number } | null;
}

export interface AdminProductPage {
  contents: AdminProduct[];
  totalItems: number;
  hasMore: boolean;
  totalPages: number;
}

/** The choices of the product form (GET /api/metadata). */
export interface ProductOptions {
  brands: Named[];
  categories: Named[];
  colors: Named[];
  effects: Named[];
}

/** POST and PUT /api/products (admin-contract.md): the package as comma-separated text. */
export interface ProductBody {
  sku: string;
  title: string;
  description?: string;
  casePrice: number;
  inStock: boolean;
  package: string;
  isCaseBreakable: boolean;
  /** The admin's unit price (left out: the price helper's, or the admin's earlier one). */
  unitPrice?: number;
  /** The admin's count of units in stock (left out: the stock stays). */
  unitStock?: number;
  image: string;
  videoURL?: string;
  brandId: string;
  categoryId: string;
  colors: string[];
  effects: string[];
}

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
