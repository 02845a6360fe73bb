import {
  duplicatePositions,
  estimatedUnitPrice,
  fillAllSizes,
  genderLabel,
  hasDuplicates,
  normalSize,
  parsePackage,
  parsePrice,
  parseStock,
  variantSkuPreview,
  type VariantKey,
} from './variants';

describe('apparel variant rules', () => {
  it("labels genders Men's, Women's and Unisex (§3)", () => {
    expect(['MALE', 'FEMALE', 'UNISEX', 'KIDS'].map(genderLabel)).toEqual(["Men's", "Women's", 'Unisex', 'KIDS']);
  });

  it('reads prices, packages and stock counts as the server does', () => {
    expect(['12', '12.5', '.5', '0', '-1', '12.345', 'abc', ''].map(parsePrice)).toEqual([12, 12.5, 0.5, null, null, null, null, null]);
    expect(['1,1', ' 12, 6 ', '12,,6', '0,1', 'x'].map(parsePackage)).toEqual([[1, 1], [12, 6], null, null, null]);
    expect(['0', '999', '1000000', '1000001', '-1', '2.5', ''].map(parseStock)).toEqual([0, 999, 1_000_000, null, null, null, null]);
  });

  it('defaults a unit price to the case price divided by the first package number, two decimals (§5)', () => {
    expect(estimatedUnitPrice('100', '3,1')).toBe('33.33');
    expect(estimatedUnitPrice('240', '12,1')).toBe('20.00');
    expect(estimatedUnitPrice('25', '1,1')).toBe('25.00');
    expect(estimatedUnitPrice('', '1,1')).toBe('');
    expect(estimatedUnitPrice('25', 'x')).toBe('');
  });

  it('previews a variant SKU as base-SIZE-G[-COL] (§5, as the server writes it)', () => {
    expect(variantSkuPreview('APP-0001', 'XL', 'MALE', 'Blue')).toBe('APP-0001-XL-M-BLU');
    expect(variantSkuPreview('APP-0001', '2XL', 'FEMALE', 'silver')).toBe('APP-0001-2XL-F-SIL');
    expect(variantSkuPreview('APP-0002', 'S', 'UNISEX', null)).toBe('APP-0002-S-U');
    expect(variantSkuPreview('APP-0002', 'S', 'UNISEX', '  ')).toBe('APP-0002-S-U');
    expect(variantSkuPreview('APP-0003', 'One Size', 'UNISEX', 'Red')).toBe('APP-0003-ONESIZE-U-RED');
    expect(variantSkuPreview('APP-0003', '', 'UNISEX', 'Red')).toBeNull();
  });

  it('finds variants sharing size, gender and colour (standard sizes in any case)', () => {
    const k = (size: string, gender = 'MALE', colorId = ''): VariantKey => ({ size, gender, colorId });
    expect(normalSize(' xl ')).toBe('XL');
    expect(normalSize(' One Size ')).toBe('One Size');
    expect(hasDuplicates([k('M'), k('M', 'FEMALE'), k('M', 'MALE', 'co1')])).toBe(false);
    expect(hasDuplicates([k('M'), k('L'), k('m')])).toBe(true);
    expect([...duplicatePositions([k('M'), k('L'), k('m'), k(''), k('')])]).toEqual([0, 2]);
  });

  it('fills every size and gender for each chosen colour, keeping the rows it has', () => {
    type Row = VariantKey & { price: string };
    const kept: Row = { size: 'M', gender: 'FEMALE', colorId: 'co2', price: '30' };
    const custom: Row = { size: 'One Size', gender: 'UNISEX', colorId: '', price: '9' };
    const blank: Row = { size: '', gender: 'UNISEX', colorId: '', price: '' };
    const rows = fillAllSizes([blank, kept, custom], (r) => r, ['co1', 'co2'], (key) => ({ ...key, price: '20' }));
    expect(rows).toHaveLength(2 * 7 * 3 + 1);
    expect(rows.slice(0, 4).map((r) => `${r.colorId} ${r.size} ${r.gender}`)).toEqual(['co1 XS MALE', 'co1 XS FEMALE', 'co1 XS UNISEX', 'co1 S MALE']);
    expect(rows).toContain(kept);
    expect(rows.at(-1)).toBe(custom);
    expect(rows).not.toContain(blank);
    expect(fillAllSizes([], (r: Row) => r, [], (key) => ({ ...key, price: '' })).every((r) => r.colorId === '')).toBe(true);
  });
});
