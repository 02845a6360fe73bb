import type { FacetCount, Facets, FacetKind, Product, ProductPage } from '../api/types';
import { apparelQuery, clearedFilters, productsQuery, type CatalogueFilters } from './filters';

/** The brand landing page is fixed to this brand (decisions.md "Catalogue"). */
export const BRAND_NAME = 'Cody B';

/**
 * The products tab's page: regular products and apparel merged and sorted by title, totals
 * summed, more pages if either has more, and the larger page count.
 */
export function mergeBrandPages(products: ProductPage | undefined, apparel: ProductPage | undefined): ProductPage {
  const a = products ?? { contents: [], totalItems: 0, hasMore: false, totalPages: 0 };
  const b = apparel ?? { contents: [], totalItems: 0, hasMore: false, totalPages: 0 };
  const contents: Product[] = [...a.contents, ...b.contents].sort(
    (x, y) => x.title.localeCompare(y.title, 'en', { sensitivity: 'base' }) || x.id.localeCompare(y.id),
  );
  return {
    contents,
    totalItems: a.totalItems + b.totalItems,
    hasMore: a.hasMore || b.hasMore,
    totalPages: Math.max(a.totalPages, b.totalPages),
  };
}

/**
 * The products tab's filter counts: the counts of its fireworks list and its apparel list added
 * per option, as the tab adds the two lists' totals (both come from the server; none until both
 * have answered).
 */
export function mergeBrandFacets(products: Facets | undefined, apparel: Facets | undefined): Facets | undefined {
  if (!products || !apparel) return undefined;
  const merged: Facets = {};
  const kinds = new Set([...Object.keys(products), ...Object.keys(apparel)] as FacetKind[]);
  for (const kind of kinds) {
    const sums = new Map<string, number>();
    for (const c of [...(products[kind] ?? []), ...(apparel[kind] ?? [])]) sums.set(c.id, (sums.get(c.id) ?? 0) + c.count);
    merged[kind] = [...sums].map(([id, count]): FacetCount => ({ id, count }));
  }
  return merged;
}

export type BrandTab = 'products' | 'shows';

export const brandTabOf = (value: string | undefined): BrandTab => (value === 'shows' ? 'shows' : 'products');

/**
 * The two queries behind the products tab. A kind is skipped (null) when a chosen filter can only
 * match the other kind: apparel types, genders and sizes exist only on apparel, effects only on
 * fireworks.
 */
export function brandProductQueries(filters: CatalogueFilters, brandId: string): { products: string | null; apparel: string | null } {
  const apparelOnly = filters.apparelTypes.length + filters.genders.length + filters.sizes.length > 0;
  const fireworksOnly = filters.effects.length > 0;
  return {
    products: apparelOnly ? null : productsQuery(filters, [brandId]),
    apparel: fireworksOnly ? null : apparelQuery(filters, [brandId]),
  };
}

/** The filters after switching tab: page 1; shows drop the product filters, products drop the show type. */
export function filtersForTab(filters: CatalogueFilters, tab: BrandTab): CatalogueFilters {
  if (tab === 'shows') return { ...clearedFilters(filters), tab, showType: filters.showType };
  return { ...filters, page: 1, tab, showType: undefined };
}

