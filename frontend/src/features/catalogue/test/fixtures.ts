import type { Metadata, Product, ProductPage, Show } from '../api/types';

export const metadata: Metadata = {
  brands: [
    { id: 'b-apollo', name: 'Apollo Fireworks' },
    { id: 'b-cody', name: 'Cody B' },
  ],
  categories: [
    { id: 'c-apparel', name: 'Apparel' },
    { id: 'c-cakes', name: '500 Gram Cakes' },
  ],
  colors: [{ id: 'col-red', name: 'Red' }],
  effects: [{ id: 'e-peony', name: 'Peony' }],
  apparelTypes: [{ id: 't-hoodie', name: 'Hoodie' }],
  showTypes: [],
};

export const product = (id: string, title: string, over: Partial<Product> = {}): Product => ({
  id,
  sku: `SKU-${id}`,
  title,
  description: null,
  casePrice: 10,
  isShow: false,
  isApparel: false,
  inStock: true,
  isCaseBreakable: false,
  apparelType: null,
  showType: null,
  category: { id: 'c-cakes', name: '500 Gram Cakes' },
  brand: { id: 'b-apollo', name: 'Apollo Fireworks' },
  colors: [{ id: 'col-red', name: 'Red' }],
  effects: [{ id: 'e-peony', name: 'Peony' }],
  image: null,
  videoURL: null,
  package: [12, 1],
  unitProduct: null,
  variants: [],
  ...over,
}) as Product;

export const pageOf = (contents: Product[], over: Partial<ProductPage> = {}): ProductPage => ({
  contents,
  totalItems: contents.length,
  hasMore: false,
  totalPages: 1,
  ...over,
});

export const show = (id: string, title: string, over: Partial<Show> = {}): Show => ({
  id,
  sku: `SHOW-${id}`,
  title,
  image: null,
  description: null,
  videoURL: null,
  casePrice: 999.5,
  inStock: true,
  showTypeId: 'st-july',
  showType: { id: 'st-july', name: 'FOURTH_JULY' },
  brand: { id: 'b-cody', name: 'Cody B' },
  category: { id: 'c-assort', name: 'Assortments' },
  showProducts: [],
  ...over,
}) as Show;

export const showTypes = [
  { id: 'st-july', name: 'FOURTH_JULY', description: null },
  { id: 'st-wed', name: 'WEDDING', description: null },
];
