import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { fieldErrors } from '@/lib/api';
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
 * Puts the server's field errors (422) on their fields (a variant's on its row, the list-wide
 * ones over the grid) and focuses the first field; what no field shows goes to the form's alert,
 * as does `message` when the answer names no field. `variantsOnly`: the form shows only the
 * variant grid, so the product's own fields go to the alert.
 */
export function placeServerErrors(
  form: UseFormReturn<ApparelFormValues>,
  values: ApparelFormValues,
  error: unknown,
  message: string,
  { variantsOnly = false }: { variantsOnly?: boolean } = {},
): void {
  const byField = fieldErrors(error);
  const unplaced: string[] = [];
  let first: FieldPath<ApparelFormValues> | null = null;
  for (const [field, text] of Object.entries(byField)) {
    const place = placeOf(field, values, variantsOnly);
    if (place === null) {
      unplaced.push(text);
      continue;
    }
    if (place === 'root.variants') {
      form.setError('root.variants', { type: 'server', message: text });
      continue;
    }
    first ??= place;
    form.setError(place, { type: 'server', message: text });
  }
  // Focus one field only: leaving a field validates it again, which would clear its server message.
  if (first) form.setFocus(first);
  if (unplaced.length || Object.keys(byField).length === 0) {
    form.setError('root.server', { type: 'server', message: unplaced.length ? unplaced.join(' ') : message });
  }
}
