import type { Schemas } from '@/api';
import { api, REVALIDATE } from '@/lib/api';

/** The four metadata kinds of back-office.md §3, as the API's paths name them. */
export const METADATA_KINDS = ['brands', 'categories', 'colors', 'effects'] as const;
export type MetadataKind = (typeof METADATA_KINDS)[number];

/** A brand, category, colour or effect with the number of products using it. */
export type MetadataItem = Schemas['MetadataItemJson'];

export interface MetadataKindPage {
  contents: MetadataItem[];
  totalItems: number;
  hasMore: boolean;
  totalPages: number;
}

/** One page per kind, as the screen reads it. */
export type MetadataPages = Partial<Record<MetadataKind, MetadataKindPage>>;

/** The paging facts of one kind's page. */
export type MetadataKindPaging = Schemas['KindPagingJson'];

/** GET /api/metadata?page=&pageSize=: each kind's page of items, the paging facts beside them. */
export type MetadataPagesAnswer = Schemas['MetadataPagesJson'];

/** The answer as pages per kind (a kind without paging facts was not asked for). */
export function metadataPagesOf(answer: MetadataPagesAnswer): MetadataPages {
  const pages: MetadataPages = {};
  for (const kind of METADATA_KINDS) {
    const paging = answer.pagination[kind];
    if (!paging) continue;
    const { totalItems, hasMore, totalPages } = paging;
    pages[kind] = { contents: answer[kind], totalItems, hasMore, totalPages };
  }
  return pages;
}

/** A show type or apparel type (apparel types carry their product count). */
/** A show or apparel type (or a term as a write answers it). */
export type TermType = Schemas['TermJson'];

export type TypeBody = Schemas['TermBody'];

/**
 * The metadata screen has no paging UI (§2): it reads the server's largest page of every kind
 * in one call (the seed has at most 56 of a kind) and says so if a kind has more.
 */
export const METADATA_PAGE_SIZE = 100;

const PAGES = { type: 'Metadata', id: 'PAGES' } as const;
const ALL = { type: 'Metadata', id: 'ALL' } as const;
const SHOW_TYPES = { type: 'Metadata', id: 'SHOW_TYPES' } as const;
const APPAREL_TYPES = { type: 'Metadata', id: 'APPAREL_TYPES' } as const;

const kindPath = (kind: MetadataKind, id?: string) =>
  `/metadata/${kind}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/**
 * The back office's vocabulary: metadata (brands, categories, colours, effects), show types and
 * apparel types. Writes invalidate the lists they change and the storefront's metadata; a
 * rename also refetches the products, apparel and shows that print the old name.
 */
export const vocabularyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMetadataPages: build.query<MetadataPages, void>({
      query: () => ({ url: `/metadata?page=1&pageSize=${METADATA_PAGE_SIZE}`, ...REVALIDATE }),
      transformResponse: metadataPagesOf,
      providesTags: [PAGES],
    }),
    createMetadataItem: build.mutation<TermType, { kind: MetadataKind; name: string }>({
      query: ({ kind, name }) => ({ url: kindPath(kind), method: 'POST', body: { name } }),
      invalidatesTags: [PAGES, ALL],
    }),
    updateMetadataItem: build.mutation<TermType, { kind: MetadataKind; id: string; name: string }>({
      query: ({ kind, id, name }) => ({ url: kindPath(kind, id), method: 'PUT', body: { name } }),
      invalidatesTags: [PAGES, ALL, 'Product', 'Apparel', 'Show'],
    }),
    deleteMetadataItem: build.mutation<void, { kind: MetadataKind; id: string }>({
      query: ({ kind, id }) => ({ url: kindPath(kind, id), method: 'DELETE' }),
      invalidatesTags: [PAGES, ALL],
    }),

    getAdminShowTypes: build.query<Schemas['TypeJson'][], void>({
      query: () => ({ url: '/shows/types/all', ...REVALIDATE }),
      providesTags: [SHOW_TYPES],
    }),
    createShowType: build.mutation<TermType, TypeBody>({
      query: (body) => ({ url: '/shows/types', method: 'POST', body }),
      invalidatesTags: [SHOW_TYPES, ALL],
    }),
    updateShowType: build.mutation<TermType, { id: string; body: TypeBody }>({
      query: ({ id, body }) => ({ url: `/shows/types/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [SHOW_TYPES, ALL, 'Show'],
    }),
    deleteShowType: build.mutation<void, string>({
      query: (id) => ({ url: `/shows/types/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [SHOW_TYPES, ALL],
    }),

    getAdminApparelTypes: build.query<Schemas['ApparelTypeJson'][], void>({
      query: () => ({ url: '/apparel/types/all', ...REVALIDATE }),
      providesTags: [APPAREL_TYPES],
    }),
    createApparelType: build.mutation<TermType, TypeBody>({
      query: (body) => ({ url: '/apparel/types', method: 'POST', body }),
      invalidatesTags: [APPAREL_TYPES, ALL],
    }),
    updateApparelType: build.mutation<TermType, { id: string; body: TypeBody }>({
      query: ({ id, body }) => ({ url: `/apparel/types/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [APPAREL_TYPES, ALL, 'Apparel', 'Product'],
    }),
    deleteApparelType: build.mutation<void, string>({
      query: (id) => ({ url: `/apparel/types/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [APPAREL_TYPES, ALL],
    }),
  }),
});

export const {
  useGetMetadataPagesQuery,
  useCreateMetadataItemMutation,
  useUpdateMetadataItemMutation,
  useDeleteMetadataItemMutation,
  useGetAdminShowTypesQuery,
  useCreateShowTypeMutation,
  useUpdateShowTypeMutation,
  useDeleteShowTypeMutation,
  useGetAdminApparelTypesQuery,
  useCreateApparelTypeMutation,
  useUpdateApparelTypeMutation,
  useDeleteApparelTypeMutation,
} = vocabularyApi;
