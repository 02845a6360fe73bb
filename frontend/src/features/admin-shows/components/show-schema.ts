import * as yup from 'yup';
import { PLACEHOLDER_IMAGE } from '@/components/product-image';
import { parsePrice } from '@/lib/form-numbers';
import { MAX_DESCRIPTION_LEN, MAX_IMAGE_URL_LEN, MAX_SHOW_NOTES_LEN, MAX_TITLE_LEN, MAX_VIDEO_URL_LEN, tooLong } from '@/lib/limits';
import type { AdminShow, PickerProduct, ShowBody, ShowLineProduct } from '../api/shows-api';
import { duplicateWarning } from '../lib/messages';

/** Back-office.md §5, show: the messages, word for word (the server answers the same ones). */
export const showMessages = {
  title: 'Title is required',
  showType: 'Show Type is required',
  casePrice: 'Valid price is required',
  products: 'At least one product is required',
  brand: 'Brand is required',
  category: 'Category is required',
  // The server's words for a text past its limit (the image's and video's name the limit here).
  titleLength: tooLong('Title', MAX_TITLE_LEN),
  descriptionLength: tooLong('Description', MAX_DESCRIPTION_LEN),
  imageLength: tooLong('Image URL', MAX_IMAGE_URL_LEN),
  videoLength: tooLong('Video URL', MAX_VIDEO_URL_LEN),
  notesLength: tooLong('Notes', MAX_SHOW_NOTES_LEN),
} as const;

/** The most of one line the server takes (the domain's MAX_SHOW_QUANTITY). */
export const MAX_LINE_QUANTITY = 9_999;
/** The server's words for a quantity out of range (§5 gives none; §9: the minimum is 1). */
export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;

export { parsePrice };

/** A line's quantity: a whole number from 1 to MAX_LINE_QUANTITY, or null. */
export function parseQuantity(text: string | undefined): number | null {
  const t = text?.trim() ?? '';
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_LINE_QUANTITY ? n : null;
}

/** §5: units only when the product is case-breakable and its unit product is for sale. */
export const sellsUnits = (p: Pick<PickerProduct | ShowLineProduct, 'isCaseBreakable' | 'unitProduct'>) =>
  p.isCaseBreakable && p.unitProduct !== null;

const lineSchema = yup.object({
  productId: yup.string().required(),
  title: yup.string().required(),
  sku: yup.string().required(),
  /** Whether the product can be added by the unit (the toggle offers Unit only then). */
  hasUnit: yup.boolean().required(),
  isUnit: yup.boolean().required(),
  quantity: yup
    .string()
    .trim()
    .required(QUANTITY_MESSAGE)
    .test('quantity', QUANTITY_MESSAGE, (v) => parseQuantity(v) !== null),
  notes: yup.string().default('').max(MAX_SHOW_NOTES_LEN, showMessages.notesLength),
});

export type ShowLineValues = yup.InferType<typeof lineSchema>;

export const showSchema = yup.object({
  title: yup.string().trim().required(showMessages.title).max(MAX_TITLE_LEN, showMessages.titleLength),
  description: yup.string().default('').max(MAX_DESCRIPTION_LEN, showMessages.descriptionLength),
  casePrice: yup
    .string()
    .trim()
    .required(showMessages.casePrice)
    .test('price', showMessages.casePrice, (v) => parsePrice(v) !== null),
  image: yup.string().default('').max(MAX_IMAGE_URL_LEN, showMessages.imageLength),
  videoURL: yup.string().default('').max(MAX_VIDEO_URL_LEN, showMessages.videoLength),
  inStock: yup.boolean().default(true),
  showTypeId: yup.string().required(showMessages.showType),
  brandId: yup.string().required(showMessages.brand),
  categoryId: yup.string().required(showMessages.category),
  products: yup
    .array(lineSchema)
    .default([])
    .min(1, showMessages.products)
    // §4: the same product at most once as a case and once as a unit; the later line is marked.
    .test('duplicates', function check(lines) {
      const seen = new Set<string>();
      const errors: yup.ValidationError[] = [];
      (lines ?? []).forEach((line, i) => {
        const key = `${line.productId}|${line.isUnit}`;
        if (seen.has(key)) {
          errors.push(this.createError({ path: `products[${i}].productId`, message: duplicateWarning(line.title, line.isUnit) }));
        }
        seen.add(key);
      });
      return errors.length ? new yup.ValidationError(errors) : true;
    }),
});

export type ShowFormValues = yup.InferType<typeof showSchema>;

export const EMPTY_SHOW: ShowFormValues = {
  title: '',
  description: '',
  casePrice: '',
  image: '',
  videoURL: '',
  inStock: true,
  showTypeId: '',
  brandId: '',
  categoryId: '',
  products: [],
};

/** A new line for a product chosen in the picker (§5: quantity 1 to start). */
export function lineOf(p: PickerProduct | ShowLineProduct, isUnit: boolean): ShowLineValues {
  return { productId: p.id, title: p.title, sku: p.sku, hasUnit: sellsUnits(p), isUnit, quantity: '1', notes: '' };
}

/** The form's values for a show being edited (the placeholder image shows as an empty field). */
export function formValuesOf(s: AdminShow): ShowFormValues {
  return {
    title: s.title,
    description: s.description ?? '',
    casePrice: s.casePrice.toFixed(2),
    image: s.image && s.image !== PLACEHOLDER_IMAGE ? s.image : '',
    videoURL: s.videoURL ?? '',
    inStock: s.inStock,
    showTypeId: s.showTypeId ?? s.showType?.id ?? '',
    brandId: s.brand?.id ?? '',
    categoryId: s.category?.id ?? '',
    products: s.showProducts.map((l) => ({
      ...lineOf(l.product, l.isUnit),
      quantity: String(l.quantity),
      notes: l.notes ?? '',
    })),
  };
}

/**
 * The body of POST or PUT /api/shows: trimmed text, the placeholder image when none is given,
 * no description, video or line notes when blank. The price is the admin's, as typed.
 */
export function showBodyOf(v: ShowFormValues): ShowBody {
  const description = v.description.trim();
  const videoURL = v.videoURL.trim();
  return {
    title: v.title.trim(),
    ...(description ? { description } : {}),
    casePrice: parsePrice(v.casePrice) ?? Number.NaN,
    image: v.image.trim() || PLACEHOLDER_IMAGE,
    ...(videoURL ? { videoURL } : {}),
    inStock: v.inStock,
    showTypeId: v.showTypeId,
    brandId: v.brandId,
    categoryId: v.categoryId,
    products: v.products.map((l) => {
      const notes = l.notes.trim();
      return { productId: l.productId, quantity: parseQuantity(l.quantity) ?? Number.NaN, ...(notes ? { notes } : {}), isUnit: l.isUnit };
    }),
  };
}

/**
 * Where a server field error goes in the form: "products[2].quantity" is the third line's
 * quantity; the form's own fields keep their names; anything else has no place (null).
 */
export function formFieldOf(serverField: string): string | null {
  const line = /^products\[(\d+)\]\.(productId|quantity|notes)$/.exec(serverField);
  if (line) return `products.${line[1]}.${line[2]}`;
  return serverField in EMPTY_SHOW ? serverField : null;
}
