import type { Loose } from '@/test/loose';
import type { AdminProduct, AdminProductPage, ProductOptions } from '../api/products-api';

export const product = (over: Loose<AdminProduct> = {}): AdminProduct =>
  ({
  id: 'p1',
  sku: 'CB-100',
  title: 'Sky Dragon',
  description: 'Gold willows',
  casePrice: 120,
  inStock: true,
  isShow: false,
  isApparel: false,
  isCaseBreakable: true,
  image: '/placeholder.png',
  videoURL: null,
  package: [12, 6],
  brand: { id: 'b1', name: 'Cody B' },
  category: { id: 'c1', name: 'Fountains' },
  colors: [{ id: 'co1', name: 'Gold' }],
  effects: [],
  unitProduct: { id: 'u1', sku: 'CB-100-u', unitPrice: 10, availableStock: 0 },
  ...over,
  }) as AdminProduct;

export const productPage = (contents: AdminProduct[], totalItems = contents.length, hasMore = false): AdminProductPage => ({
  contents,
  totalItems,
  hasMore,
  totalPages: Math.ceil(totalItems / 25),
});

export const options = (): ProductOptions => ({
  brands: [
    { id: 'b1', name: 'Cody B' },
    { id: 'b2', name: 'Generic' },
  ],
  categories: [
    { id: 'c1', name: 'Fountains' },
    { id: 'c2', name: 'Cakes' },
  ],
  colors: [
    { id: 'co1', name: 'Gold' },
    { id: 'co2', name: 'Red' },
  ],
  effects: [
    { id: 'e1', name: 'Crackle' },
    { id: 'e2', name: 'Strobe' },
  ],
});
