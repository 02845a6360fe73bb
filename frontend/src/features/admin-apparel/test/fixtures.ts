import { listPage, named } from '@/test/admin';
import type { Loose } from '@/test/loose';
import type { AdminApparel, AdminApparelPage, AdminVariant, ApparelOptions, ApparelTypeOption } from '../api/apparel-api';

export const variant = (over: Partial<AdminVariant> = {}): AdminVariant => ({
  id: 'v1',
  sku: 'APP-0007-M-M-BLU',
  size: 'M',
  gender: 'MALE',
  colorId: 'co1',
  color: { id: 'co1', name: 'Blue' },
  unitPrice: 20,
  availableStock: 12,
  ...over,
});

export const apparel = (over: Loose<AdminApparel> = {}): AdminApparel =>
  ({
    id: 'a1',
    sku: 'APP-0007',
    title: 'Cody B Tee',
    description: 'Soft cotton',
    casePrice: 240,
    inStock: true,
    isApparel: true,
    isShow: false,
    image: '/placeholder.png',
    videoURL: null,
    package: [12, 1],
    brand: { id: 'b1', name: 'Cody B' },
    category: { id: 'c1', name: 'Apparel' },
    apparelType: { id: 't1', name: 'T-Shirt' },
    colors: [{ id: 'co1', name: 'Blue' }],
    variants: [
      variant(),
      variant({ id: 'v2', sku: 'APP-0007-L-F', size: 'L', gender: 'FEMALE', colorId: null, color: null, unitPrice: 22.5, availableStock: 0 }),
    ],
    ...over,
  }) as AdminApparel;

export const apparelPage = (contents: AdminApparel[], totalItems = contents.length, hasMore = false): AdminApparelPage => listPage(contents, totalItems, hasMore);

export const options = (): ApparelOptions => ({
  brands: named({ b1: 'Cody B', b2: 'Generic' }),
  categories: named({ c1: 'Apparel', c2: 'Cakes' }),
  colors: named({ co1: 'Blue', co2: 'Red', co3: 'Silver' }),
});

export const types = (): ApparelTypeOption[] => [
  { id: 't1', name: 'T-Shirt', description: null, productCount: 1 },
  { id: 't2', name: 'Hoodie', description: 'Warm', productCount: 0 },
];
