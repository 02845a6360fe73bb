// Only constants, no router: the boot script uses these functions (app/boot/landing-pages.ts).
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '@/lib/constants';

/** The page sizes offered by the pagination control (storefront.md §9). */
export const PAGE_SIZES = [10, 25, 50] as const;

/** Search keys that carry a list of values (repeated keys or commas inside a value). */
export const LIST_KEYS = ['brands', 'categories', 'colors', 'effects', 'apparelTypes', 'genders', 'sizes'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** Everything a catalogue address can say about what to list. */
export interface CatalogueFilters {
  page: number;
  pageSize: number;
  searchTitle: string;
  showOutOfStock: boolean;
  brands: string[];
  categories: string[];
  colors: string[];
  effects: string[];
  apparelTypes: string[];
  genders: string[];
  sizes: string[];
  /** Brand page only: products or shows. */
  tab?: string;
  /** Brand page and show list: a show type id. */
  showType?: string;
}

export const GENDERS = ['MALE', 'FEMALE', 'UNISEX'] as const;
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const;

/**
 * Every value of `key`: the search value may be a string or a list (repeated keys), and a comma
 * inside a string splits it. Blanks and repeats are dropped, order kept.
 */
export function readList(params: URLSearchParams, key: string): string[] {
  const out: string[] = [];
  for (const raw of params.getAll(key)) {
    for (const part of raw.split(',')) {
      const value = part.trim();
      if (value !== '' && !out.includes(value)) out.push(value);
    }
  }
  return out;
}

/** A whole number of at least 1, or null when `value` is missing or anything else. */
export function readPositiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** Whether the address carries valid page and pageSize numbers (required on /products). */
export function hasValidPaging(params: URLSearchParams): boolean {
  return readPositiveInt(params.get('page')) !== null && readPositiveInt(params.get('pageSize')) !== null;
}

/**
 * `text` cut to the server's search limit, counted in characters (code points) as the server
 * counts them, so a long address (`?searchTitle=` pasted) still lists instead of failing.
 */
export function clampSearch(text: string): string {
  const chars = Array.from(text);
  return chars.length > MAX_SEARCH_LENGTH ? chars.slice(0, MAX_SEARCH_LENGTH).join('') : text;
}

export function parseFilters(params: URLSearchParams): CatalogueFilters {
  const filters: CatalogueFilters = {
    page: readPositiveInt(params.get('page')) ?? DEFAULT_PAGE,
    pageSize: Math.min(readPositiveInt(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE, 100),
    searchTitle: clampSearch(params.get('searchTitle') ?? ''),
    showOutOfStock: params.get('showOutOfStock') === 'true',
    brands: [],
    categories: [],
    colors: [],
    effects: [],
    apparelTypes: [],
    genders: [],
    sizes: [],
  };
  for (const key of LIST_KEYS) filters[key] = readList(params, key);
  const tab = params.get('tab');
  if (tab) filters.tab = tab;
  const showType = params.get('showType');
  if (showType) filters.showType = showType;
  return filters;
}

/** The address form of `filters`: page and pageSize always, the rest only when set. */
export function filtersToParams(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(filters.page));
  params.set('pageSize', String(filters.pageSize));
  if (filters.tab) params.set('tab', filters.tab);
  for (const key of LIST_KEYS) for (const value of filters[key]) params.append(key, value);
  if (filters.showType) params.set('showType', filters.showType);
  if (filters.searchTitle.trim() !== '') params.set('searchTitle', filters.searchTitle);
  if (filters.showOutOfStock) params.set('showOutOfStock', 'true');
  return params;
}

/** Applies `patch`; any change other than the page itself sends the listing back to page 1. */
export function changeFilters(filters: CatalogueFilters, patch: Partial<CatalogueFilters>): CatalogueFilters {
  const next = { ...filters, ...patch };
  const onlyPage = Object.keys(patch).every((k) => k === 'page');
  if (!onlyPage) next.page = DEFAULT_PAGE;
  return next;
}

/** `list` with `value` added, or removed when present. */
export function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Filters with every list, the search text and the stock choice cleared (paging kept, page 1). */
export function clearedFilters(filters: CatalogueFilters): CatalogueFilters {
  return {
    ...filters,
    page: DEFAULT_PAGE,
    searchTitle: '',
    showOutOfStock: false,
    brands: [],
    categories: [],
    colors: [],
    effects: [],
    apparelTypes: [],
    genders: [],
    sizes: [],
  };
}

/** How many filter values are chosen among `keys` (plus the search text and stock choice). */
export function activeFilterCount(filters: CatalogueFilters, keys: readonly ListKey[] = LIST_KEYS): number {
  let count = keys.reduce((sum, key) => sum + filters[key].length, 0);
  if (filters.searchTitle.trim() !== '') count += 1;
  if (filters.showOutOfStock) count += 1;
  return count;
}

function appendAll(params: URLSearchParams, key: string, values: string[]) {
  for (const v of values) params.append(key, v);
}

/** GET /api/products query: fireworks only, `inStock=true` unless out-of-stock items are included. */
export function productsQuery(f: CatalogueFilters, brands: string[] = f.brands): string {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  if (f.searchTitle.trim()) p.set('searchTitle', f.searchTitle.trim());
  p.set('isShow', 'false');
  p.set('isApparel', 'false');
  if (f.showOutOfStock) p.set('showOutOfStock', 'true');
  else p.set('inStock', 'true');
  appendAll(p, 'brands', brands);
  appendAll(p, 'categories', f.categories);
  appendAll(p, 'colors', f.colors);
  appendAll(p, 'effects', f.effects);
  return p.toString();
}

/** GET /api/apparel query. */
export function apparelQuery(f: CatalogueFilters, brands: string[] = f.brands): string {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  if (f.searchTitle.trim()) p.set('searchTitle', f.searchTitle.trim());
  if (f.showOutOfStock) p.set('showOutOfStock', 'true');
  appendAll(p, 'brands', brands);
  appendAll(p, 'categories', f.categories);
  appendAll(p, 'colors', f.colors);
  appendAll(p, 'apparelTypes', f.apparelTypes);
  appendAll(p, 'genders', f.genders);
  appendAll(p, 'sizes', f.sizes);
  return p.toString();
}

/** GET /api/shows query: the page, and the show type when one is chosen. */
export function showsQuery(f: CatalogueFilters): string {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  if (f.showType) p.set('typeId', f.showType);
  return p.toString();
}

/** GET /api/shows/facets query of the show list: the type buttons' counts, whatever is chosen. */
export const SHOW_TYPE_FACETS = 'facets=showTypes';

/** The search part a detail page carries so its back link restores the listing. */
export function listingSearch(params: URLSearchParams): string {
  const f = parseFilters(params);
  const s = filtersToParams({ ...f, tab: undefined, showType: undefined }).toString();
  return s ? `?${s}` : '';
}

/**
 * The facets query of a list query: the same filters without paging (counts do not depend on the
 * page, so every page of one filter shares a cache entry), plus the kinds asked for, if given.
 */
export function facetsQuery(listQuery: string, kinds: readonly string[] = []): string {
  const p = new URLSearchParams(listQuery);
  p.delete('page');
  p.delete('pageSize');
  if (kinds.length > 0) p.set('facets', kinds.join(','));
  return p.toString();
}
