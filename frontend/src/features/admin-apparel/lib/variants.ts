import { parseCount, parsePackage, parsePrice } from '@/lib/form-numbers';
/**
 * The apparel form's variant rules (back-office.md §3 "Apparel variant", §5 "Apparel product",
 * §9): sizes, gender labels, the estimated unit price, the SKU preview, the duplicate check and
 * the "fill all sizes and genders" helper. Pure functions; the server stays the judge of every
 * rule and recomputes the SKUs.
 */

/** §5: the standard sizes, in order; any other text is a custom size. */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const;

export const GENDERS = ['MALE', 'FEMALE', 'UNISEX'] as const;
export type Gender = (typeof GENDERS)[number];

/** §3: how a gender is shown. */
export const GENDER_LABELS: Record<Gender, string> = { MALE: "Men's", FEMALE: "Women's", UNISEX: 'Unisex' };

/** The label of a stored gender (an unknown value as it is). */
export const genderLabel = (gender: string): string => GENDER_LABELS[gender as Gender] ?? gender;

export const isGender = (value: string): value is Gender => (GENDERS as readonly string[]).includes(value);

/** §9: the stock a new variant starts with. */
export const DEFAULT_VARIANT_STOCK = 999;
/** The most items the server takes for one variant. */
export const MAX_VARIANT_STOCK = 1_000_000;
/** §5: the package of a new apparel product. */
export const DEFAULT_APPAREL_PACKAGE = '1,1';

export { parsePackage, parsePrice };

/** A stock count typed in the form: a whole number from 0 to 1,000,000, or null. */
export const parseStock = (text: string | undefined): number | null => parseCount(text, MAX_VARIANT_STOCK);

/**
 * §5: a variant's default unit price, the case price divided by the first package number, as
 * form text with two decimals ("33.33"); '' when the case price or package is not valid yet.
 * A default the admin can overwrite, never a displayed figure.
 */
export function estimatedUnitPrice(casePrice: string | undefined, pkg: string | undefined): string {
  const price = parsePrice(casePrice);
  const counts = parsePackage(pkg);
  if (price === null || !counts) return '';
  return (Math.round((price / counts[0]!) * 100) / 100).toFixed(2);
}

/** A size as the server keys it: a standard size in any letter case is that size; a custom one is trimmed. */
export function normalSize(size: string): string {
  const t = size.trim();
  const standard = SIZES.find((s) => s === t.toUpperCase());
  return standard ?? t;
}

/**
 * §5: the SKU a new variant will get, base-SIZE-G[-COL] as the server writes it: the base SKU,
 * the size in capitals without spaces, the first letter of the gender, and, with a colour, the
 * first three letters of its name in capitals ("APP-0008-XL-M-BLU"). Null without a size.
 */
export function variantSkuPreview(baseSku: string, size: string, gender: string, colorName?: string | null): string | null {
  const sizePart = size.replace(/\s+/g, '').toUpperCase();
  if (!sizePart) return null;
  const colour = colorName?.trim() ?? '';
  const colourPart = colour ? `-${[...colour].slice(0, 3).join('').toUpperCase()}` : '';
  return `${baseSku.trim()}-${sizePart}-${gender.charAt(0).toUpperCase()}${colourPart}`;
}

/** What makes a variant unique within its product (§5): size, gender and colour. */
export interface VariantKey {
  size: string;
  gender: string;
  colorId: string;
}

const keyText = (v: VariantKey) => JSON.stringify([normalSize(v.size), v.gender, v.colorId]);

/** Whether two variants share size, gender and colour (an unset size counts as none). */
export function hasDuplicates(variants: readonly VariantKey[]): boolean {
  const seen = new Set<string>();
  for (const v of variants) {
    if (!v.size.trim()) continue;
    const k = keyText(v);
    if (seen.has(k)) return true;
    seen.add(k);
  }
  return false;
}

/** The positions (0-based) of the variants that repeat an earlier one's size, gender and colour, and of that earlier one. */
export function duplicatePositions(variants: readonly VariantKey[]): Set<number> {
  const first = new Map<string, number>();
  const out = new Set<number>();
  variants.forEach((v, i) => {
    if (!v.size.trim()) return;
    const k = keyText(v);
    const earlier = first.get(k);
    if (earlier === undefined) first.set(k, i);
    else {
      out.add(earlier);
      out.add(i);
    }
  });
  return out;
}

/**
 * §5 "fill all sizes and genders for the chosen colours": every size of SIZES for every gender,
 * for each chosen colour (or without a colour when none is chosen), colour by colour. A row the
 * form already has for a combination is kept as it is (its price and stock too); rows outside
 * the grid (custom sizes, other colours) follow; rows without a size are dropped.
 */
export function fillAllSizes<T>(
  current: readonly T[],
  keyOf: (row: T) => VariantKey,
  colorIds: readonly string[],
  make: (key: VariantKey) => T,
): T[] {
  const withSize = current.filter((row) => keyOf(row).size.trim() !== '');
  const byKey = new Map<string, T>();
  for (const row of withSize) {
    const k = keyText(keyOf(row));
    if (!byKey.has(k)) byKey.set(k, row);
  }
  const used = new Set<T>();
  const out: T[] = [];
  for (const colorId of colorIds.length ? colorIds : ['']) {
    for (const size of SIZES) {
      for (const gender of GENDERS) {
        const key = { size, gender, colorId };
        const existing = byKey.get(keyText(key));
        if (existing !== undefined && !used.has(existing)) {
          used.add(existing);
          out.push(existing);
        } else out.push(make(key));
      }
    }
  }
  return [...out, ...withSize.filter((row) => !used.has(row))];
}
