import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MAX_SEARCH_LENGTH } from '@/lib/constants';
import { useMediaQuery } from '@/lib/use-media-query';

/** Tailwind's `lg`: from here on the filters are a side column, always shown. */
const SIDE_COLUMN = '(min-width: 64rem)';

export interface FilterOption {
  value: string;
  label: string;
  /** How many results the option gives with the other filters, shown as "Label (N)". */
  count?: number;
}

export interface FilterGroup {
  key: string;
  legend: string;
  options: FilterOption[];
  selected: string[];
  onToggle: (value: string) => void;
  /** Options are still loading: a loading line shows instead. */
  loading?: boolean;
}

/** A count badge beside a legend or button; read out as "N selected". */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge badge-sm badge-primary ml-2">
      {count}
      <span className="sr-only"> selected</span>
    </span>
  );
}

/** The search box: typing settles for 400 ms before the search applies. */
function SearchBox({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  const applied = useRef(value);

  // The address changed (Clear All, back button): show what it says.
  useEffect(() => {
    applied.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === applied.current) return undefined;
    const timer = setTimeout(() => {
      applied.current = text;
      latest.current(text);
    }, 400);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input input-bordered w-full"
        placeholder="Search by title"
        maxLength={MAX_SEARCH_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text !== applied.current) {
            applied.current = text;
            latest.current(text);
          }
        }}
      />
    </div>
  );
}

function CheckboxGroup({ group }: { group: FilterGroup }) {
  return (
    <fieldset className="mt-4">
      <legend className="mb-1 font-semibold">
        {group.legend}
        <CountBadge count={group.selected.length} />
      </legend>
      {group.loading ? (
        <p className="text-sm">Loading {group.legend.toLowerCase()}...</p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-y-auto pr-1">
          {group.options.map((o) => (
            <li key={o.value}>
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={group.selected.includes(o.value)}
                  onChange={() => group.onToggle(o.value)}
                />
                <span>{o.count === undefined ? o.label : `${o.label} (${o.count})`}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * The catalogue filter drawer: search box, the out-of-stock choice and checkbox groups. A side
 * column on large screens; behind an Open Filters button on small ones.
 */
export function FilterDrawer({
  searchTitle,
  onSearchTitle,
  showOutOfStock,
  onShowOutOfStock,
  groups,
  activeCount,
  onClearAll,
  children,
}: {
  searchTitle: string;
  onSearchTitle: (value: string) => void;
  showOutOfStock: boolean;
  onShowOutOfStock: (value: boolean) => void;
  groups: FilterGroup[];
  activeCount: number;
  onClearAll: () => void;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const stockId = useId();
  // A closed panel on a small screen is not rendered: hidden anyway, it was half of a list page's
  // elements (the checkboxes of every filter) to build and style before the first cards.
  const shown = useMediaQuery(SIDE_COLUMN) || open;
  return (
    <aside aria-label="Filters" className="lg:w-64 lg:shrink-0">
      <button
        type="button"
        className="btn btn-outline btn-sm lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Close Filters' : 'Open Filters'}
        <CountBadge count={activeCount} />
      </button>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} mt-4 rounded-box bg-base-200 p-4 lg:mt-0 lg:block`}>
        {shown && (
          <>
            <div className="mb-3 flex items-center justify-between">
              <h2 className="text-lg font-bold">
                Filters
                <CountBadge count={activeCount} />
              </h2>
              {activeCount > 0 && (
                <button type="button" className="btn btn-ghost btn-xs" onClick={onClearAll}>
                  Clear All Filters
                </button>
              )}
            </div>
            <SearchBox value={searchTitle} onChange={onSearchTitle} label="Search" />
            <fieldset className="mt-4">
              <legend className="mb-1 font-semibold">Availability</legend>
              <label htmlFor={stockId} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  id={stockId}
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={showOutOfStock}
                  onChange={(e) => onShowOutOfStock(e.target.checked)}
                />
                <span>Show out-of-stock products</span>
              </label>
            </fieldset>
            {children}
            {groups.map((g) => (
              <CheckboxGroup key={g.key} group={g} />
            ))}
          </>
        )}
      </div>
    </aside>
  );
}
