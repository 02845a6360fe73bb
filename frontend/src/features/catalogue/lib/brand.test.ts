import type { Product, ProductPage } from '../api/types';
import { brandProductQueries, brandTabOf, filtersForTab, mergeBrandFacets, mergeBrandPages } from './brand';
import { parseFilters } from './filters';

const product = (id: string, title: string, isApparel = false) => ({ id, title, isApparel }) as Product;
const page = (contents: Product[], totalItems: number, hasMore: boolean, totalPages: number): ProductPage => ({
  contents,
  totalItems,
  hasMore,
  totalPages,
});

describe('mergeBrandPages', () => {
  it('merges products and apparel sorted by title, sums totals, takes the larger page count', () => {
    const merged = mergeBrandPages(
      page([product('1', 'Zeus Cake'), product('2', 'apollo rocket')], 19, true, 10),
      page([product('3', 'Cody B Hoodie', true)], 7, false, 4),
    );
    expect(merged.contents.map((p) => p.title)).toEqual(['apollo rocket', 'Cody B Hoodie', 'Zeus Cake']);
    expect(merged.totalItems).toBe(26);
    expect(merged.hasMore).toBe(true);
    expect(merged.totalPages).toBe(10);
  });

  it('has more when either side has more', () => {
    expect(mergeBrandPages(page([], 1, false, 1), page([], 30, true, 2)).hasMore).toBe(true);
    expect(mergeBrandPages(page([], 1, false, 1), page([], 1, false, 1)).hasMore).toBe(false);
  });

  it('copes with a side that is not loaded (or skipped)', () => {
    const merged = mergeBrandPages(undefined, page([product('3', 'Hat', true)], 1, false, 1));
    expect(merged).toMatchObject({ totalItems: 1, hasMore: false, totalPages: 1 });
    expect(mergeBrandPages(undefined, undefined)).toEqual({ contents: [], totalItems: 0, hasMore: false, totalPages: 0 });
  });
});

describe('brandProductQueries', () => {
  it('asks both lists for the brand with the same page', () => {
    const q = brandProductQueries(parseFilters(new URLSearchParams('page=2&pageSize=10&colors=c')), 'brand-1');
    expect(q.products).toContain('page=2&pageSize=10');
    expect(q.products).toContain('brands=brand-1');
    expect(q.products).toContain('colors=c');
    expect(q.apparel).toContain('brands=brand-1');
    expect(q.apparel).toContain('page=2&pageSize=10');
  });

  it('skips fireworks when an apparel-only filter is chosen, and apparel when effects are', () => {
    expect(brandProductQueries(parseFilters(new URLSearchParams('sizes=M')), 'b').products).toBeNull();
    expect(brandProductQueries(parseFilters(new URLSearchParams('effects=e')), 'b').apparel).toBeNull();
  });
});

describe('filtersForTab', () => {
  it('switching to shows clears product filters and resets the page', () => {
    const f = parseFilters(new URLSearchParams('page=3&pageSize=10&colors=c&sizes=M&searchTitle=x&showOutOfStock=true'));
    expect(filtersForTab(f, 'shows')).toMatchObject({ page: 1, pageSize: 10, tab: 'shows', colors: [], sizes: [], searchTitle: '', showOutOfStock: false });
  });

  it('switching to products clears the show type and resets the page', () => {
    const f = parseFilters(new URLSearchParams('page=2&tab=shows&showType=t1'));
    const next = filtersForTab(f, 'products');
    expect(next).toMatchObject({ page: 1, tab: 'products' });
    expect(next.showType).toBeUndefined();
  });

  it('reads the tab, products by default', () => {
    expect(brandTabOf(undefined)).toBe('products');
    expect(brandTabOf('shows')).toBe('shows');
    expect(brandTabOf('nonsense')).toBe('products');
  });
});

describe('mergeBrandFacets', () => {
  it('adds the two lists\' counts per option, and has none until both answered', () => {
    expect(mergeBrandFacets({ colors: [] }, undefined)).toBeUndefined();
    expect(
      mergeBrandFacets(
        { colors: [{ id: 'red', count: 2 }, { id: 'blue', count: 1 }], effects: [{ id: 'peony', count: 4 }] },
        { colors: [{ id: 'red', count: 3 }], sizes: [{ id: 'XL', count: 1 }] },
      ),
    ).toEqual({
      colors: [
        { id: 'red', count: 5 },
        { id: 'blue', count: 1 },
      ],
      effects: [{ id: 'peony', count: 4 }],
      sizes: [{ id: 'XL', count: 1 }],
    });
  });
});
