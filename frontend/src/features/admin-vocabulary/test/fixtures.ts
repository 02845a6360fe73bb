import { METADATA_KINDS, type MetadataItem, type MetadataKindPage, type MetadataPages, type MetadataPagesAnswer, type TermType } from '../api/vocabulary-api';

export const item = (id: string, name: string, productCount = 0): MetadataItem => ({ id, name, productCount });

export const kindPage = (contents: MetadataItem[]): MetadataKindPage => ({
  contents,
  totalItems: contents.length,
  hasMore: false,
  totalPages: contents.length ? 1 : 0,
});

/** Page 1 of `pageSize` of every kind, as GET /api/metadata?page=1&pageSize answers it. */
export function metadataAnswer(pages: Required<MetadataPages>, pageSize = 100): MetadataPagesAnswer {
  const answer: MetadataPagesAnswer = { brands: [], categories: [], colors: [], effects: [], pagination: {} };
  for (const kind of METADATA_KINDS) {
    const { contents, totalItems, hasMore, totalPages } = pages[kind];
    answer[kind] = contents;
    answer.pagination[kind] = { page: 1, pageSize, totalItems, totalPages, hasMore };
  }
  return answer;
}

/** The API's answer of the screen's one call: the demo pages, with `over` in place of some. */
export const metadataPages = (over: MetadataPages = {}): MetadataPagesAnswer =>
  metadataAnswer({
    brands: kindPage([item('b1', 'Cody B', 12), item('b2', 'Generic', 3), item('b3', 'Brothers', 0)]),
    categories: kindPage([item('c1', 'Fountains', 20), item('c2', 'Apparel', 5)]),
    colors: kindPage([item('co1', 'Gold', 9)]),
    effects: kindPage([]),
    ...over,
  });

export const showTypes = (): TermType[] => [
  { id: 's1', name: 'Backyard', description: 'Small yards' },
  { id: 's2', name: 'Finale', description: null },
];

export const apparelTypes = (): TermType[] => [
  { id: 'a1', name: 'T-Shirt', description: 'Short sleeves', productCount: 4 },
  { id: 'a2', name: 'Hoodie', description: null, productCount: 9 },
  { id: 'a3', name: 'Hat', description: 'Caps and beanies', productCount: 0 },
];
