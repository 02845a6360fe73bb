import type { Variant } from '../api/types';
import { NO_CHOICE, choose, selectVariant, styleLabel, variantInStock } from './variants';

let n = 0;
function v(size: string, gender: string, color: string | null = null, stock = 999, price = 20): Variant {
  n += 1;
  return {
    id: `v${n}`,
    sku: `APP-0001-${size}-${gender[0]}${color ? `-${color.slice(0, 3).toUpperCase()}` : ''}`,
    size,
    gender,
    colorId: color ? `c-${color}` : null,
    color: color ? { id: `c-${color}`, name: color } : null,
    unitPrice: price,
    availableStock: stock,
  };
}

describe('selectVariant', () => {
  it('orders sizes XS to 3XL and picks nothing until a size is chosen', () => {
    const variants = [v('XL', 'UNISEX'), v('S', 'UNISEX'), v('3XL', 'UNISEX'), v('M', 'UNISEX')];
    const sel = selectVariant(variants, NO_CHOICE);
    expect(sel.sizes).toEqual(['S', 'M', 'XL', '3XL']);
    expect(sel.variant).toBeNull();
  });

  it('answers a question with a single option for the buyer (one size, one style, one colour)', () => {
    const only = v('OS', 'UNISEX', 'Black');
    const sel = selectVariant([only], NO_CHOICE);
    expect(sel.variant).toBe(only);
    expect(sel.showStyle).toBe(false);
    expect(sel.showColor).toBe(false);
  });

  it('asks the style only when more than one exists for the size', () => {
    const variants = [v('M', 'MALE'), v('M', 'FEMALE'), v('S', 'UNISEX')];
    expect(selectVariant(variants, { ...NO_CHOICE, size: 'M' })).toMatchObject({ showStyle: true, variant: null, genders: ['MALE', 'FEMALE'] });
    const small = selectVariant(variants, { ...NO_CHOICE, size: 'S' });
    expect(small.showStyle).toBe(false);
    expect(small.variant?.gender).toBe('UNISEX');
  });

  it("labels styles Men's, Women's and Unisex", () => {
    expect(['MALE', 'FEMALE', 'UNISEX'].map(styleLabel)).toEqual(["Men's", "Women's", 'Unisex']);
  });

  it('asks the colour only when more than one matches the size and style', () => {
    const variants = [v('M', 'UNISEX', 'Red'), v('M', 'UNISEX', 'Blue'), v('L', 'UNISEX', 'Red')];
    const m = selectVariant(variants, { ...NO_CHOICE, size: 'M' });
    expect(m.showColor).toBe(true);
    expect(m.colors.map((c) => c.name)).toEqual(['Blue', 'Red']);
    expect(m.variant).toBeNull();
    const l = selectVariant(variants, { ...NO_CHOICE, size: 'L' });
    expect(l.showColor).toBe(false);
    expect(l.variant?.color?.name).toBe('Red');
  });

  it('picks the variant once size, style and colour are answered', () => {
    const target = v('M', 'FEMALE', 'Blue', 5, 24.99);
    const variants = [v('M', 'FEMALE', 'Red'), target, v('M', 'MALE', 'Blue')];
    const sel = selectVariant(variants, { size: 'M', gender: 'FEMALE', colorKey: 'c-Blue' });
    expect(sel.variant).toBe(target);
  });

  it('keeps the other choices when the size changes and they still fit', () => {
    const variants = [v('M', 'MALE', 'Red'), v('M', 'FEMALE', 'Red'), v('L', 'MALE', 'Red'), v('L', 'FEMALE', 'Red'), v('L', 'FEMALE', 'Blue')];
    const chosen = { size: 'M', gender: 'FEMALE', colorKey: 'c-Red' };
    const next = selectVariant(variants, choose(chosen, { size: 'L' }));
    expect(next.choice).toEqual({ size: 'L', gender: 'FEMALE', colorKey: 'c-Red' });
    expect(next.variant?.sku).toBe(variants[3].sku);
  });

  it('drops a choice that no longer fits and asks again', () => {
    const variants = [v('M', 'MALE'), v('M', 'FEMALE'), v('L', 'UNISEX'), v('XL', 'MALE'), v('XL', 'UNISEX')];
    const wanted = choose({ size: 'M', gender: 'FEMALE', colorKey: null }, { size: 'XL' });
    const sel = selectVariant(variants, wanted);
    expect(sel.choice.gender).toBeNull();
    expect(sel.variant).toBeNull();
    // Back to M, the buyer's FEMALE is still wanted and fits again.
    expect(selectVariant(variants, choose(wanted, { size: 'M' })).variant?.gender).toBe('FEMALE');
  });

  it('treats a variant without colour as its own option', () => {
    const plain = v('M', 'UNISEX');
    const variants = [plain, v('M', 'UNISEX', 'Red')];
    const sel = selectVariant(variants, { size: 'M', gender: null, colorKey: '' });
    expect(sel.showColor).toBe(true);
    expect(sel.variant).toBe(plain);
  });

  it('knows whether the chosen variant has stock', () => {
    expect(variantInStock(null)).toBe(false);
    expect(variantInStock(v('M', 'UNISEX', null, 0))).toBe(false);
    expect(variantInStock(v('M', 'UNISEX', null, 1))).toBe(true);
  });
});
