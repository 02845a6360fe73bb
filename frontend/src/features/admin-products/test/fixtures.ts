import { listPage, named } from '@/test/admin';
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

export const productPage = (contents: AdminProduct[], totalItems = contents.length, hasMore = false): AdminProductPage => listPage(contents, totalItems, hasMore);

export const options = (): ProductOptions => ({
  brands: named({ b1: 'Cody B', b2: 'Generic' }),
  categories: named({ c1: 'Fountains', c2: 'Cakes' }),
  colors: named({ co1: 'Gold', co2: 'Red' }),
  effects: named({ e1: 'Crackle', e2: 'Strobe' }),
});
