import {
  activeFilterCount,
  apparelQuery,
  changeFilters,
  clampSearch,
  clearedFilters,
  facetsQuery,
  filtersToParams,
  hasValidPaging,
  listingSearch,
  parseFilters,
  productsQuery,
  readList,
  readPositiveInt,
  toggle,
} from './filters';

const parse = (search: string) => parseFilters(new URLSearchParams(search));

describe('readList', () => {
  it('reads a single string', () => {
    expect(readList(new URLSearchParams('brands=a'), 'brands')).toEqual(['a']);
  });

  it('reads a list of repeated values', () => {
    expect(readList(new URLSearchParams('brands=a&brands=b'), 'brands')).toEqual(['a', 'b']);
  });

  it('splits a string on commas, trimming blanks and repeats', () => {
    expect(readList(new URLSearchParams('sizes=S,%20M,,L&sizes=M,XL'), 'sizes')).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('gives an empty list when absent', () => {
    expect(readList(new URLSearchParams(''), 'colors')).toEqual([]);
  });
});

describe('paging values', () => {
  it.each([
    ['1', 1],
    ['25', 25],
    [' 3 ', 3],
    ['0', null],
    ['-1', null],
    ['2.5', null],
    ['abc', null],
    [null, null],
  ])('reads %p as %p', (value, expected) => {
    expect(readPositiveInt(value)).toBe(expected);
  });

  it('requires both page and pageSize numbers', () => {
    expect(hasValidPaging(new URLSearchParams('page=1&pageSize=25'))).toBe(true);
    expect(hasValidPaging(new URLSearchParams('page=1'))).toBe(false);
    expect(hasValidPaging(new URLSearchParams('page=x&pageSize=25'))).toBe(false);
    expect(hasValidPaging(new URLSearchParams(''))).toBe(false);
  });
});

describe('clampSearch', () => {
  it('keeps text up to 200 characters and cuts longer text to 200', () => {
    expect(clampSearch('gold')).toBe('gold');
    expect(clampSearch('a'.repeat(200))).toBe('a'.repeat(200));
    expect(clampSearch('a'.repeat(201))).toBe('a'.repeat(200));
  });

  it('counts characters as the server does, not UTF-16 units', () => {
    const rocket = '\u{1F680}';
    expect(clampSearch(rocket.repeat(200))).toBe(rocket.repeat(200));
    expect(Array.from(clampSearch(rocket.repeat(250)))).toHaveLength(200);
  });

  it('is applied to the address search text', () => {
    expect(parse(`searchTitle=${'x'.repeat(500)}`).searchTitle).toBe('x'.repeat(200));
  });
});

describe('parseFilters / filtersToParams', () => {
  it('defaults to page 1 of 25 with nothing chosen', () => {
    expect(parse('')).toMatchObject({ page: 1, pageSize: 25, searchTitle: '', showOutOfStock: false, brands: [], sizes: [] });
  });

  it('reads every filter, lists as string or list', () => {
    const f = parse('page=3&pageSize=10&brands=a,b&categories=c&categories=d&genders=MALE&searchTitle=gold&showOutOfStock=true&tab=shows&showType=t1');
    expect(f).toMatchObject({
      page: 3,
      pageSize: 10,
      brands: ['a', 'b'],
      categories: ['c', 'd'],
      genders: ['MALE'],
      searchTitle: 'gold',
      showOutOfStock: true,
      tab: 'shows',
      showType: 't1',
    });
  });

  it('treats showOutOfStock other than "true" as false', () => {
    expect(parse('showOutOfStock=false').showOutOfStock).toBe(false);
    expect(parse('showOutOfStock=yes').showOutOfStock).toBe(false);
  });

  it('writes page and pageSize always, lists as repeated keys, and leaves out what is unset', () => {
    const f = { ...parse(''), brands: ['a', 'b'], searchTitle: 'rocket', showOutOfStock: true };
    expect(filtersToParams(f).toString()).toBe('page=1&pageSize=25&brands=a&brands=b&searchTitle=rocket&showOutOfStock=true');
    expect(filtersToParams(parse('')).toString()).toBe('page=1&pageSize=25');
  });

  it('round-trips', () => {
    const search = 'page=2&pageSize=50&brands=a&brands=b&colors=c&effects=e&searchTitle=x&showOutOfStock=true';
    expect(filtersToParams(parse(search)).toString()).toBe(search);
  });
});

describe('changeFilters', () => {
  const start = parse('page=4&pageSize=25&brands=a');

  it('keeps the page when only the page changes', () => {
    expect(changeFilters(start, { page: 5 }).page).toBe(5);
  });

  it.each([
    [{ brands: ['a', 'b'] }],
    [{ searchTitle: 'x' }],
    [{ showOutOfStock: true }],
    [{ pageSize: 50 }],
    [{ showType: 't' }],
  ])('resets the page to 1 on %p', (patch) => {
    const next = changeFilters(start, patch);
    expect(next.page).toBe(1);
    expect(next).toMatchObject(patch);
  });

  it('toggles values in and out of a list', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('clears every filter but keeps the page size', () => {
    const f = parse('page=3&pageSize=10&brands=a&sizes=M&searchTitle=x&showOutOfStock=true');
    expect(filtersToParams(clearedFilters(f)).toString()).toBe('page=1&pageSize=10');
  });

  it('counts the chosen filters', () => {
    const f = parse('brands=a,b&colors=c&searchTitle=x&showOutOfStock=true&sizes=M');
    expect(activeFilterCount(f, ['brands', 'colors'])).toBe(5);
    expect(activeFilterCount(f)).toBe(6);
  });
});

describe('API queries', () => {
  it('asks /products for in-stock fireworks unless out-of-stock items are included', () => {
    const f = parse('page=2&pageSize=10&brands=a&brands=b&effects=e&sizes=M');
    expect(productsQuery(f)).toBe('page=2&pageSize=10&isShow=false&isApparel=false&inStock=true&brands=a&brands=b&effects=e');
    expect(productsQuery({ ...f, showOutOfStock: true })).toContain('showOutOfStock=true');
    expect(productsQuery({ ...f, showOutOfStock: true })).not.toContain('inStock');
  });

  it('sends the apparel filters to /apparel', () => {
    const f = parse('page=1&pageSize=25&apparelTypes=t&genders=MALE&sizes=S,M&colors=c&effects=e&searchTitle=%20hat%20');
    expect(apparelQuery(f)).toBe('page=1&pageSize=25&searchTitle=hat&colors=c&apparelTypes=t&genders=MALE&sizes=S&sizes=M');
    expect(apparelQuery({ ...f, showOutOfStock: true })).toContain('showOutOfStock=true');
  });

  it('gives detail pages the listing address without tab or show type', () => {
    expect(listingSearch(new URLSearchParams('page=2&pageSize=10&brands=a&tab=shows'))).toBe('?page=2&pageSize=10&brands=a');
  });
});

describe('facetsQuery', () => {
  it('is the list query without paging, with the kinds asked for', () => {
    expect(facetsQuery('page=3&pageSize=10&brands=b1&inStock=true')).toBe('brands=b1&inStock=true');
    expect(facetsQuery('page=1&pageSize=25&colors=red', ['colors', 'sizes'])).toBe('colors=red&facets=colors%2Csizes');
  });
});
