import type { MetadataItem, MetadataKindPage, MetadataPages, TermType } from '../api/vocabulary-api';

export const item = (id: string, name: string, productCount = 0): MetadataItem => ({ id, name, productCount });

export const kindPage = (contents: MetadataItem[]): MetadataKindPage => ({
  contents,
  totalItems: contents.length,
  hasMore: false,
  totalPages: contents.length ? 1 : 0,
});

export const metadataPages = (over: MetadataPages = {}): MetadataPages => ({
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
