import type { FieldPath } from 'react-hook-form';
import { CUSTOM_SIZE, type ApparelFormValues } from './apparel-schema';

/** The product fields of the form, as the server names them in a 422 answer. */
const PRODUCT_FIELDS = new Set(['title', 'description', 'casePrice', 'package', 'image', 'videoURL', 'brandId', 'categoryId', 'apparelTypeId']);
/** A variant's field as the server names it ("variants[2].unitPrice"). */
const VARIANT_FIELD = /^variants\[(\d+)\]\.(size|gender|colorId|unitPrice|availableStock)$/;

/** Where a server field error goes in the form: a field, the variant list's line, or nowhere shown. */
function placeOf(field: string, values: ApparelFormValues, variantsOnly: boolean): FieldPath<ApparelFormValues> | 'root.variants' | null {
  if (PRODUCT_FIELDS.has(field)) return variantsOnly ? null : (field as FieldPath<ApparelFormValues>);
  if (field === 'variants') return 'root.variants';
  const m = VARIANT_FIELD.exec(field);
  if (!m) return null;
  const i = Number(m[1]);
  const row = values.variants[i];
  if (!row) return null;
  if (m[2] === 'size') return row.sizeChoice === CUSTOM_SIZE ? `variants.${i}.customSize` : `variants.${i}.sizeChoice`;
  return `variants.${i}.${m[2] as 'gender' | 'colorId' | 'unitPrice' | 'availableStock'}`;
}

/**
 * Where the server's field errors (422) go (for `useServerFieldErrors`): on their fields, a
 * variant's on its row, the list-wide ones over the grid; what no field shows goes to the
 * form's alert. `variantsOnly`: the form shows only the variant grid, so the product's own
 * fields go to the alert.
 */
export const apparelErrorPlaces =
  (values: ApparelFormValues, { variantsOnly = false }: { variantsOnly?: boolean } = {}) =>
  (field: string) =>
    placeOf(field, values, variantsOnly);
