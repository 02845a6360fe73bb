import * as yup from 'yup';
import { PLACEHOLDER_IMAGE } from '@/components/product-image';
import { MAX_CUSTOM_SIZE_LEN, MAX_DESCRIPTION_LEN, MAX_IMAGE_URL_LEN, MAX_TITLE_LEN, MAX_VIDEO_URL_LEN, tooLong } from '@/lib/limits';
import type { AdminApparel, AdminVariant, ApparelBody, VariantBody } from '../api/apparel-api';
import {
  DEFAULT_APPAREL_PACKAGE,
  DEFAULT_VARIANT_STOCK,
  MAX_VARIANT_STOCK,
  SIZES,
  hasDuplicates,
  isGender,
  normalSize,
  parsePackage,
  parsePrice,
  parseStock,
  type Gender,
  type VariantKey,
} from '../lib/variants';

/** Back-office.md §5, apparel product: the messages, word for word (the server answers the same ones). */
export const apparelMessages = {
  title: 'Title is required',
  casePrice: 'Valid case price is required',
  brand: 'Brand is required',
  category: 'Category is required',
  apparelType: 'Apparel type is required',
  variantsRequired: 'At least one variant is required',
  variantSize: 'All variants must have a size',
  variantPrice: 'All variants must have a valid unit price',
  duplicates: 'Duplicate variants detected. Each size/gender/color combination must be unique.',
  // The product rules of §5, for the package.
  packageRequired: 'Package information is required',
  packageInvalid: 'Package must be a comma-separated list of positive numbers',
  // The server's wording for a stock count out of bounds.
  stock: `Stock must be a whole number from 0 to ${MAX_VARIANT_STOCK}`,
  // The server's words for a text past its limit (the image's and video's name the limit here).
  titleLength: tooLong('Title', MAX_TITLE_LEN),
  descriptionLength: tooLong('Description', MAX_DESCRIPTION_LEN),
  imageLength: tooLong('Image URL', MAX_IMAGE_URL_LEN),
  videoLength: tooLong('Video URL', MAX_VIDEO_URL_LEN),
  customSizeLength: tooLong('Size', MAX_CUSTOM_SIZE_LEN),
} as const;

/** The size select's choice for a size the standard list does not have. */
export const CUSTOM_SIZE = 'custom';

/** A stored variant's key and stock as loaded, to tell what the admin changed. */
export interface StoredVariantState {
  size: string;
  gender: string;
  colorId: string;
  availableStock: number;
}

/** One row of the variant grid. */
export interface VariantRow {
  /** The stored variant's id and SKU; null for a row the admin added. */
  variantId: string | null;
  sku: string | null;
  stored: StoredVariantState | null;
  /** '' (none yet), a standard size, or CUSTOM_SIZE. */
  sizeChoice: string;
  customSize: string;
  gender: Gender;
  /** '' for no colour. */
  colorId: string;
  unitPrice: string;
  availableStock: string;
}

/** The size a row stands for: the chosen standard size, or the custom text. */
export const sizeOf = (row: Pick<VariantRow, 'sizeChoice' | 'customSize'>): string =>
  row.sizeChoice === CUSTOM_SIZE ? row.customSize.trim() : row.sizeChoice;

export const keyOf = (row: VariantRow): VariantKey => ({ size: sizeOf(row), gender: row.gender, colorId: row.colorId });

/** A row the admin adds: no size yet, Unisex, the estimated price, §9's stock. */
export function newRow(over: Partial<VariantRow> = {}): VariantRow {
  return {
    variantId: null,
    sku: null,
    stored: null,
    sizeChoice: '',
    customSize: '',
    gender: 'UNISEX',
    colorId: '',
    unitPrice: '',
    availableStock: String(DEFAULT_VARIANT_STOCK),
    ...over,
  };
}

/** A row for a size, gender and colour (the fill helper). */
export function rowForKey({ size, gender, colorId }: VariantKey, unitPrice: string): VariantRow {
  const standard = (SIZES as readonly string[]).includes(size);
  return newRow({
    sizeChoice: standard ? size : CUSTOM_SIZE,
    customSize: standard ? '' : size,
    gender: isGender(gender) ? gender : 'UNISEX',
    colorId,
    unitPrice,
  });
}

/** A copy of a row as a new variant (the duplicate helper): the same choices, no stored identity. */
export const copyOfRow = (row: VariantRow): VariantRow => ({ ...row, variantId: null, sku: null, stored: null });

/** The row of a stored variant. */
export function rowOf(v: AdminVariant): VariantRow {
  const colorId = v.colorId ?? v.color?.id ?? '';
  return {
    ...rowForKey({ size: normalSize(v.size), gender: v.gender, colorId }, v.unitPrice.toFixed(2)),
    variantId: v.id,
    sku: v.sku,
    stored: { size: v.size, gender: v.gender, colorId, availableStock: v.availableStock },
    availableStock: String(v.availableStock),
  };
}

const variantRowSchema = yup.object({
  variantId: yup.string().nullable().defined(),
  sku: yup.string().nullable().defined(),
  stored: yup.mixed<StoredVariantState>().nullable().defined(),
  sizeChoice: yup.string().defined(),
  customSize: yup
    .string()
    .defined()
    .test('length', apparelMessages.customSizeLength, (v) => v.trim().length <= MAX_CUSTOM_SIZE_LEN),
  gender: yup.mixed<Gender>().oneOf(['MALE', 'FEMALE', 'UNISEX']).defined(),
  colorId: yup.string().defined(),
  unitPrice: yup.string().defined(),
  availableStock: yup
    .string()
    .defined()
    .test('stock', apparelMessages.stock, (v) => parseStock(v) !== null),
});

/** The list-wide rules of §5, in its order; the first one broken is the variants' message. */
export function variantsProblem(rows: readonly VariantRow[]): string | null {
  if (rows.length === 0) return apparelMessages.variantsRequired;
  if (rows.some((r) => sizeOf(r) === '')) return apparelMessages.variantSize;
  if (rows.some((r) => parsePrice(r.unitPrice) === null)) return apparelMessages.variantPrice;
  if (hasDuplicates(rows.map(keyOf))) return apparelMessages.duplicates;
  return null;
}

export const variantsSchema = yup
  .array(variantRowSchema)
  .defined()
  .test('variants', '', (rows, ctx) => {
    const problem = variantsProblem(rows);
    return problem === null || ctx.createError({ message: problem });
  });

export const apparelSchema = yup.object({
  title: yup.string().trim().required(apparelMessages.title).max(MAX_TITLE_LEN, apparelMessages.titleLength),
  description: yup.string().defined().max(MAX_DESCRIPTION_LEN, apparelMessages.descriptionLength),
  casePrice: yup
    .string()
    .trim()
    .required(apparelMessages.casePrice)
    .test('price', apparelMessages.casePrice, (v) => parsePrice(v) !== null),
  package: yup
    .string()
    .trim()
    .required(apparelMessages.packageRequired)
    .test('package', apparelMessages.packageInvalid, (v) => parsePackage(v) !== null),
  inStock: yup.boolean().defined(),
  image: yup.string().defined().max(MAX_IMAGE_URL_LEN, apparelMessages.imageLength),
  videoURL: yup.string().defined().max(MAX_VIDEO_URL_LEN, apparelMessages.videoLength),
  brandId: yup.string().required(apparelMessages.brand),
  categoryId: yup.string().required(apparelMessages.category),
  apparelTypeId: yup.string().required(apparelMessages.apparelType),
  colors: yup.array(yup.string().required()).defined(),
  variants: variantsSchema,
});

export type ApparelFormValues = yup.InferType<typeof apparelSchema>;

export const emptyApparel = (): ApparelFormValues => ({
  title: '',
  description: '',
  casePrice: '',
  package: DEFAULT_APPAREL_PACKAGE,
  inStock: true,
  image: '',
  videoURL: '',
  brandId: '',
  categoryId: '',
  apparelTypeId: '',
  colors: [],
  variants: [newRow()],
});

/** The form's values for an apparel product being edited (the placeholder image shows as an empty field). */
export function formValuesOf(p: AdminApparel): ApparelFormValues {
  return {
    title: p.title,
    description: p.description ?? '',
    casePrice: p.casePrice.toFixed(2),
    package: p.package.length ? p.package.join(',') : DEFAULT_APPAREL_PACKAGE,
    inStock: p.inStock,
    image: p.image && p.image !== PLACEHOLDER_IMAGE ? p.image : '',
    videoURL: p.videoURL ?? '',
    brandId: p.brand?.id ?? '',
    categoryId: p.category?.id ?? '',
    apparelTypeId: p.apparelType?.id ?? '',
    colors: p.colors.map((c) => c.id),
    variants: p.variants.length ? p.variants.map(rowOf) : [newRow()],
  };
}

/**
 * Whether a row's stock goes to the server: always for a new variant (or a stored one whose
 * size, gender or colour changed, which the server stores as a new one), otherwise only when
 * the admin changed the count, so the live stock that purchases move is kept.
 */
function sendsStock(row: VariantRow, stock: number): boolean {
  const s = row.stored;
  if (!s) return true;
  if (normalSize(s.size) !== normalSize(sizeOf(row)) || s.gender !== row.gender || s.colorId !== row.colorId) return true;
  return stock !== s.availableStock;
}

export function variantBodyOf(row: VariantRow): VariantBody {
  const stock = parseStock(row.availableStock);
  return {
    size: sizeOf(row),
    gender: row.gender,
    colorId: row.colorId || null,
    unitPrice: parsePrice(row.unitPrice) ?? Number.NaN,
    ...(stock !== null && sendsStock(row, stock) ? { availableStock: stock } : {}),
  };
}

/**
 * The body of POST or PUT /api/apparel/products: trimmed text, the package as "1,1", the
 * placeholder image when none is given, no description or video when blank, and no SKU (the
 * server's).
 */
export function apparelBodyOf(v: ApparelFormValues): ApparelBody {
  const description = v.description.trim();
  const videoURL = v.videoURL.trim();
  return {
    title: v.title.trim(),
    ...(description ? { description } : {}),
    casePrice: parsePrice(v.casePrice) ?? Number.NaN,
    inStock: v.inStock,
    package: (parsePackage(v.package) ?? []).join(','),
    image: v.image.trim() || PLACEHOLDER_IMAGE,
    ...(videoURL ? { videoURL } : {}),
    brandId: v.brandId,
    categoryId: v.categoryId,
    apparelTypeId: v.apparelTypeId,
    colors: v.colors,
    variants: v.variants.map(variantBodyOf),
  };
}

/** The body of a PUT that changes only the variants: the stored product as it is, with `variants`. */
export function bodyWithVariants(p: AdminApparel, rows: readonly VariantRow[]): ApparelBody {
  return { ...apparelBodyOf(formValuesOf(p)), variants: rows.map(variantBodyOf) };
}
