import * as yup from 'yup';
import { PLACEHOLDER_IMAGE } from '@/components/product-image';
import { parseCount, parsePackage, parsePrice } from '@/lib/form-numbers';
import { MAX_DESCRIPTION_LEN, MAX_IMAGE_URL_LEN, MAX_SKU_LEN, MAX_TITLE_LEN, MAX_VIDEO_URL_LEN, tooLong } from '@/lib/limits';
import type { AdminProduct, ProductBody } from '../api/products-api';

/** The most units the admin may count in stock (the server's limit). */
export const MAX_UNIT_STOCK = 1_000_000;

/** Back-office.md §5, product: the messages, word for word (the server answers the same ones). */
export const productMessages = {
  sku: 'SKU is required',
  title: 'Title is required',
  casePrice: 'Valid case price is required',
  packageRequired: 'Package information is required',
  packageInvalid: 'Package must be a comma-separated list of positive numbers',
  brand: 'Brand is required',
  category: 'Category is required',
  // The server's words for a text past its limit (the image's and video's name the limit here).
  skuLength: tooLong('SKU', MAX_SKU_LEN),
  titleLength: tooLong('Title', MAX_TITLE_LEN),
  descriptionLength: tooLong('Description', MAX_DESCRIPTION_LEN),
  imageLength: tooLong('Image URL', MAX_IMAGE_URL_LEN),
  videoLength: tooLong('Video URL', MAX_VIDEO_URL_LEN),
  // The server's words for the unit product's fields.
  unitPrice: 'Valid unit price is required',
  unitStock: `Stock must be a whole number from 0 to ${MAX_UNIT_STOCK}`,
} as const;

export { parsePackage, parsePrice };

/** A stock count as typed ("48"), or null unless it is a whole number from 0 to MAX_UNIT_STOCK. */
export const parseStock = (text: string | undefined): number | null => parseCount(text, MAX_UNIT_STOCK);

export const productSchema = yup.object({
  sku: yup.string().trim().required(productMessages.sku).max(MAX_SKU_LEN, productMessages.skuLength),
  title: yup.string().trim().required(productMessages.title).max(MAX_TITLE_LEN, productMessages.titleLength),
  description: yup.string().default('').max(MAX_DESCRIPTION_LEN, productMessages.descriptionLength),
  casePrice: yup
    .string()
    .trim()
    .required(productMessages.casePrice)
    .test('price', productMessages.casePrice, (v) => parsePrice(v) !== null),
  package: yup
    .string()
    .trim()
    .required(productMessages.packageRequired)
    .test('package', productMessages.packageInvalid, (v) => parsePackage(v) !== null),
  brandId: yup.string().required(productMessages.brand),
  categoryId: yup.string().required(productMessages.category),
  colors: yup.array(yup.string().required()).default([]),
  effects: yup.array(yup.string().required()).default([]),
  inStock: yup.boolean().default(true),
  isCaseBreakable: yup.boolean().default(false),
  // Blank: the shop's price helper prices the unit (or the admin's earlier price stays).
  unitPrice: yup
    .string()
    .default('')
    .test('unit-price', productMessages.unitPrice, (v) => !v?.trim() || parsePrice(v) !== null),
  // Blank: the unit stock stays as it is (a new unit product starts at 0).
  unitStock: yup
    .string()
    .default('')
    .test('unit-stock', productMessages.unitStock, (v) => !v?.trim() || parseStock(v) !== null),
  image: yup.string().default('').max(MAX_IMAGE_URL_LEN, productMessages.imageLength),
  videoURL: yup.string().default('').max(MAX_VIDEO_URL_LEN, productMessages.videoLength),
});

export type ProductFormValues = yup.InferType<typeof productSchema>;

export const EMPTY_PRODUCT: ProductFormValues = {
  sku: '',
  title: '',
  description: '',
  casePrice: '',
  package: '',
  brandId: '',
  categoryId: '',
  colors: [],
  effects: [],
  inStock: true,
  isCaseBreakable: false,
  unitPrice: '',
  unitStock: '',
  image: '',
  videoURL: '',
};

/** The form's values for a product being edited (the placeholder image shows as an empty field). */
export function formValuesOf(p: AdminProduct): ProductFormValues {
  return {
    sku: p.sku,
    title: p.title,
    description: p.description ?? '',
    casePrice: p.casePrice.toFixed(2),
    package: p.package.join(','),
    brandId: p.brand?.id ?? '',
    categoryId: p.category?.id ?? '',
    colors: p.colors.map((c) => c.id),
    effects: p.effects.map((e) => e.id),
    inStock: p.inStock,
    isCaseBreakable: p.isCaseBreakable,
    unitPrice: p.unitProduct ? p.unitProduct.unitPrice.toFixed(2) : '',
    unitStock: p.unitProduct ? String(p.unitProduct.availableStock) : '',
    image: p.image && p.image !== PLACEHOLDER_IMAGE ? p.image : '',
    videoURL: p.videoURL ?? '',
  };
}

/**
 * The body of POST or PUT /api/products: trimmed text, the package as "12,6", the placeholder
 * image when none is given (§5), and no description or video when blank. The unit price and
 * stock go only for a case-breakable product, and only when the admin typed or changed them
 * (`was`: the form's values as loaded): an untouched price stays the price helper's, and an
 * untouched count does not overwrite units sold meanwhile.
 */
export function productBodyOf(v: ProductFormValues, was?: ProductFormValues): ProductBody {
  const description = v.description.trim();
  const videoURL = v.videoURL.trim();
  const changed = (key: 'unitPrice' | 'unitStock') => v.isCaseBreakable && v[key].trim() !== '' && v[key].trim() !== (was?.[key] ?? '').trim();
  const unitPrice = changed('unitPrice') ? parsePrice(v.unitPrice) : null;
  const unitStock = changed('unitStock') ? parseStock(v.unitStock) : null;
  return {
    sku: v.sku.trim(),
    title: v.title.trim(),
    ...(description ? { description } : {}),
    casePrice: parsePrice(v.casePrice) ?? Number.NaN,
    inStock: v.inStock,
    package: (parsePackage(v.package) ?? []).join(','),
    isCaseBreakable: v.isCaseBreakable,
    ...(unitPrice !== null ? { unitPrice } : {}),
    ...(unitStock !== null ? { unitStock } : {}),
    image: v.image.trim() || PLACEHOLDER_IMAGE,
    ...(videoURL ? { videoURL } : {}),
    brandId: v.brandId,
    categoryId: v.categoryId,
    colors: v.colors,
    effects: v.effects,
  };
}
