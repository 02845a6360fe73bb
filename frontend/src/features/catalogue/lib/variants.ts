import type { Variant } from '../api/types';

/** What the buyer picked; null where nothing is picked yet. `colorKey` is a colour id or '' (no colour). */
export interface VariantChoice {
  size: string | null;
  gender: string | null;
  colorKey: string | null;
}

export const NO_CHOICE: VariantChoice = { size: null, gender: null, colorKey: null };

export const STYLE_LABELS: Record<string, string> = { MALE: "Men's", FEMALE: "Women's", UNISEX: 'Unisex' };
export const styleLabel = (gender: string): string => STYLE_LABELS[gender] ?? gender;

const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'];
const GENDER_ORDER = ['MALE', 'FEMALE', 'UNISEX'];

const rank = (order: string[], value: string) => {
  const i = order.indexOf(value);
  return i === -1 ? order.length : i;
};

export const colorKeyOf = (v: Variant): string => v.colorId ?? '';

export interface ColorOption {
  key: string;
  name: string;
}

/** The options on offer and the variant they lead to. */
export interface VariantSelection {
  sizes: string[];
  genders: string[];
  colors: ColorOption[];
  /** Style is asked only when more than one exists for the size. */
  showStyle: boolean;
  /** Colour is asked only when more than one matches the size and style. */
  showColor: boolean;
  /** The choice in force: the buyer's where still possible, the only option where there is one. */
  choice: VariantChoice;
  variant: Variant | null;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * Applies the variant selection rules to `variants` and the buyer's `wanted` choice.
 * A choice that no longer fits (another size has no such style) is dropped; a question with a
 * single possible answer is answered for the buyer and not asked.
 */
export function selectVariant(variants: Variant[], wanted: VariantChoice): VariantSelection {
  const sizes = unique(variants.map((v) => v.size)).sort(
    (a, b) => rank(SIZE_ORDER, a) - rank(SIZE_ORDER, b) || a.localeCompare(b),
  );
  const size = wanted.size !== null && sizes.includes(wanted.size) ? wanted.size : sizes.length === 1 ? sizes[0] : null;

  const forSize = size === null ? [] : variants.filter((v) => v.size === size);
  const genders = unique(forSize.map((v) => v.gender)).sort((a, b) => rank(GENDER_ORDER, a) - rank(GENDER_ORDER, b));
  const gender =
    wanted.gender !== null && genders.includes(wanted.gender) ? wanted.gender : genders.length === 1 ? genders[0] : null;

  const forStyle = gender === null ? [] : forSize.filter((v) => v.gender === gender);
  const colors: ColorOption[] = [];
  for (const v of forStyle) {
    const key = colorKeyOf(v);
    if (!colors.some((c) => c.key === key)) colors.push({ key, name: v.color?.name ?? 'Standard' });
  }
  colors.sort((a, b) => a.name.localeCompare(b.name));
  const colorKey =
    wanted.colorKey !== null && colors.some((c) => c.key === wanted.colorKey)
      ? wanted.colorKey
      : colors.length === 1
        ? colors[0].key
        : null;

  const variant = colorKey === null ? null : (forStyle.find((v) => colorKeyOf(v) === colorKey) ?? null);
  return {
    sizes,
    genders,
    colors,
    showStyle: genders.length > 1,
    showColor: colors.length > 1,
    choice: { size, gender, colorKey },
    variant,
  };
}

/** A new wanted choice after the buyer changes one question; the others are kept where possible. */
export function choose(current: VariantChoice, patch: Partial<VariantChoice>): VariantChoice {
  return { ...current, ...patch };
}

/** Whether a variant can be bought: it exists and has stock above 0. */
export const variantInStock = (variant: Variant | null): boolean => variant !== null && variant.availableStock > 0;
