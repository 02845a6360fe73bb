import type { ReactNode } from 'react';
import { FilterDrawer, type FilterGroup } from '@/components/filter-drawer';
import { activeFilterCount, type ListKey } from '../lib/filters';
import type { CatalogueFilterState } from './use-catalogue-filters';

/**
 * A filtered catalogue list: the filter drawer, wired to the address filters, beside the results
 * section. The badge counts the active `keys` plus the search text and the availability box.
 */
export function FilteredListing({
  catalogue: { filters, update, clearAll },
  keys,
  groups,
  label,
  children,
}: {
  catalogue: CatalogueFilterState;
  keys: readonly ListKey[];
  groups: FilterGroup[];
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <FilterDrawer
        searchTitle={filters.searchTitle}
        onSearchTitle={(searchTitle) => update({ searchTitle })}
        showOutOfStock={filters.showOutOfStock}
        onShowOutOfStock={(showOutOfStock) => update({ showOutOfStock })}
        groups={groups}
        activeCount={activeFilterCount(filters, keys)}
        onClearAll={clearAll}
      />
      <section aria-label={label} className="min-w-0 flex-1 space-y-4">
        {children}
      </section>
    </div>
  );
}
