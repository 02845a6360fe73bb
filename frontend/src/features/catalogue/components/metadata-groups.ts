import type { FilterGroup, FilterOption } from '@/components/filter-drawer';
import type { FacetKind, Facets, Metadata, Named, TypeRef } from '../api/types';
import { GENDERS, SIZES, toggle, type CatalogueFilters, type ListKey } from '../lib/filters';
import { styleLabel } from '../lib/variants';

/** The Apparel category has its own catalogue and is hidden from the fireworks filters. */
export const HIDDEN_CATEGORY = 'Apparel';

const LEGENDS: Partial<Record<ListKey, string>> = {
  categories: 'Categories',
  brands: 'Brands',
  colors: 'Colors',
  effects: 'Effects',
  apparelTypes: 'Apparel Types',
};

function optionsOf(list: Named[] | undefined, key: ListKey) {
  return (list ?? [])
    .filter((n) => !(key === 'categories' && n.name === HIDDEN_CATEGORY))
    .map((n) => ({ value: n.id, label: n.name }));
}

/**
 * The options of one kind with the server's counts (GET /api/.../facets): each shows its count,
 * and an option without products is left out unless it is chosen (so it can be unchecked).
 * Without counts for the kind (not loaded yet, or failed) the options show as they are.
 */
export function withCounts(options: FilterOption[], counts: Facets[FacetKind] | undefined, selected: string[]): FilterOption[] {
  if (!counts) return options;
  const byId = new Map(counts.map((c) => [c.id, c.count]));
  return options
    .map((o) => ({ ...o, count: byId.get(o.value) ?? 0 }))
    .filter((o) => o.count > 0 || selected.includes(o.value));
}

/**
 * Checkbox groups fed by GET /metadata (or another list), in the order given, each option with
 * its count from `facets` when given.
 */
export function metadataGroups(
  keys: ListKey[],
  metadata: Metadata | undefined,
  loading: boolean,
  filters: CatalogueFilters,
  update: (patch: Partial<CatalogueFilters>) => void,
  extra: Partial<Record<ListKey, { legend?: string; options: FilterOption[]; loading?: boolean }>> = {},
  facets?: Facets,
): FilterGroup[] {
  return keys.map((key) => {
    const given = extra[key];
    const fromMeta =
      key === 'brands' || key === 'categories' || key === 'colors' || key === 'effects'
        ? optionsOf(metadata?.[key], key)
        : key === 'apparelTypes'
          ? optionsOf(metadata?.apparelTypes, key)
          : [];
    return {
      key,
      legend: given?.legend ?? LEGENDS[key] ?? key,
      options: withCounts(given?.options ?? fromMeta, facets?.[key], filters[key]),
      loading: given ? (given.loading ?? false) : loading,
      selected: filters[key],
      onToggle: (value: string) => update({ [key]: toggle(filters[key], value) }),
    };
  });
}

/** The options of the apparel-only groups: apparel types (GET /apparel/types/all), genders and sizes. */
export function apparelOptions(types: { data?: TypeRef[]; isLoading: boolean }) {
  return {
    apparelTypes: { options: (types.data ?? []).map((t) => ({ value: t.id, label: t.name })), loading: types.isLoading },
    genders: { legend: 'Genders', options: GENDERS.map((g) => ({ value: g, label: styleLabel(g) })) },
    sizes: { legend: 'Sizes', options: SIZES.map((s) => ({ value: s, label: s })) },
  };
}
