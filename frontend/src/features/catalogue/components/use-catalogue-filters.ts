import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeFilters,
  clearedFilters,
  filtersToParams,
  hasValidPaging,
  parseFilters,
  type CatalogueFilters,
} from '../lib/filters';

/**
 * The filters of a catalogue page, read from and written to the address. Any change other than
 * the page itself goes back to page 1. `replace` keeps history clean (the brand page);
 * `requirePaging` rewrites an address without valid page and pageSize numbers (/products).
 */
export function useCatalogueFilters({ replace = false, requirePaging = false } = {}) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => parseFilters(params), [key]);

  useEffect(() => {
    if (requirePaging && !hasValidPaging(params)) setParams(filtersToParams(filters), { replace: true });
  }, [requirePaging, params, filters, setParams]);

  const write = useCallback(
    (next: CatalogueFilters, keepScroll: boolean) =>
      // flushSync: a clicked checkbox shows its new state at once, not after the navigation settles.
      // A filter change keeps the scroll position; a new page or page size starts at the top.
      setParams(filtersToParams(next), { replace, flushSync: true, preventScrollReset: keepScroll }),
    [setParams, replace],
  );
  const update = useCallback(
    (patch: Partial<CatalogueFilters>) =>
      write(changeFilters(filters, patch), !Object.keys(patch).every((k) => k === 'page' || k === 'pageSize')),
    [filters, write],
  );
  const clearAll = useCallback(() => write(clearedFilters(filters), true), [filters, write]);
  return { filters, update, clearAll, search: key };
}

/** A catalogue page's address filters and the ways to change them. */
export type CatalogueFilterState = ReturnType<typeof useCatalogueFilters>;
