import type { Loose } from '@/test/loose';
import type { AdminShow, AdminShowPage, Named, PickerProduct, PickerProductPage, ShowLine, ShowOptions } from '../api/shows-api';

const unit = (id: string, sku: string, unitPrice: number) => ({ id: `${id}-u`, sku: `${sku}-u`, unitPrice, package: [1, 6], availableStock: 4 });

/** A product of the picker; by default case-breakable with a unit for sale. */
export const pickerProduct = (over: Loose<PickerProduct> = {}): PickerProduct =>
  ({
    id: 'p1',
    sku: 'CB-100',
    title: 'Sky Dragon',
    image: '/placeholder.png',
    casePrice: 120,
    inStock: true,
    isCaseBreakable: true,
    unitProduct: unit('p1', 'CB-100', 10),
    ...over,
  }) as PickerProduct;

/** A product sold by the case only. */
export const caseOnly = (over: Loose<PickerProduct> = {}): PickerProduct =>
  pickerProduct({ id: 'p2', sku: 'TH-200', title: 'Thunder King', casePrice: 80, isCaseBreakable: false, unitProduct: null, ...over });

export const pickerPage = (contents: PickerProduct[], totalItems = contents.length, hasMore = false): PickerProductPage => ({
  contents,
  totalItems,
  hasMore,
  totalPages: Math.ceil(totalItems / 10),
});

export const line = (product: PickerProduct, over: Partial<ShowLine> = {}): ShowLine => ({
  id: `l-${product.id}`,
  quantity: 2,
  isUnit: false,
  notes: null,
  product: { ...product, package: [12, 6] },
  ...over,
});

export const show = (over: Loose<AdminShow> = {}): AdminShow =>
  ({
    id: 's1',
    sku: 'SHOW-1',
    title: 'Midnight Countdown',
    description: 'Ring in the year',
    image: '/placeholder.png',
    videoURL: null,
    casePrice: 1499.99,
    inStock: true,
    showTypeId: 't1',
    showType: { id: 't1', name: 'New Years', description: null },
    brand: { id: 'b1', name: 'Cody B' },
    category: { id: 'c1', name: 'Shows' },
    showProducts: [line(pickerProduct(), { quantity: 3, notes: 'finale' }), line(caseOnly())],
    ...over,
  }) as AdminShow;

export const showPage = (shows: AdminShow[], total = shows.length, hasMore = false): AdminShowPage => ({
  shows,
  pagination: { page: 1, pageSize: 25, total, totalPages: Math.ceil(total / 25), hasMore },
});

export const options = (): ShowOptions => ({
  brands: [
    { id: 'b1', name: 'Cody B' },
    { id: 'b2', name: 'Generic' },
  ],
  categories: [
    { id: 'c1', name: 'Shows' },
    { id: 'c2', name: 'Cakes' },
  ],
});

export const showTypes = (): Named[] => [
  { id: 't1', name: 'New Years' },
  { id: 't2', name: 'Fourth of July' },
];
