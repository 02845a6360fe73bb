import type { SortingState } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';

/**
 * The back office's list state that lives in the address (issue 32, item 7): the column sort
 * (`?sort=-casePrice`: a column as the API names it, `-` first for descending) and a list's
 * filters (`?brand=...&category=...`). A reload, a shared link or the back button shows the same
 * list; the API sorts and filters (its lists are paged).
 */
export const SORT_PARAM = 'sort';

/** The table's sorting of an address value: `-casePrice` is casePrice, descending. */
export function sortingOf(value: string | null): SortingState {
  if (!value) return [];
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return id ? [{ id, desc }] : [];
}

/** The address (and API) value of a table's sorting; null for the list's default order. */
export function sortValueOf(sorting: SortingState): string | null {
  const first = sorting[0];
  if (!first) return null;
  return first.desc ? `-${first.id}` : first.id;
}

/**
 * The list's sort and filters in the address: `values[key]` is the key's value ('' when absent);
 * `set({key: value})` writes them ('' or null removes a key) and calls `onChange` (to go back to
 * the first page). `sortable` keeps an address naming another column from reaching the API.
 */
export function useListAddress<K extends string>(keys: readonly K[], sortable: readonly string[], onChange?: () => void) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(SORT_PARAM);
  const sorting = sortingOf(raw).filter((s) => sortable.includes(s.id));
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const set = (change: Partial<Record<K | typeof SORT_PARAM, string | null>>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change) as [string, string | null | undefined][]) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
    onChange?.();
  };
  return {
    values,
    /** The sort to ask the API for, or null (its default order). */
    sort: sortValueOf(sorting),
    /** The DataTable's server sorting. */
    sorting: { value: sorting, onChange: (next: SortingState) => set({ [SORT_PARAM]: sortValueOf(next) } as Partial<Record<K | typeof SORT_PARAM, string | null>>) },
    set,
  };
}
