import type { FacetCount, TypeRef } from '../api/types';
import { showTypeLabel } from '../lib/show-types';

/**
 * Filter buttons: All plus each show type. With the server's `counts`, each type shows how many
 * shows it has ("Wedding (3)") and a type without shows is left out unless it is the one chosen.
 */
export function ShowTypeButtons({
  types,
  loading,
  selected,
  onSelect,
  counts,
}: {
  types: TypeRef[] | undefined;
  loading: boolean;
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
  counts?: FacetCount[];
}) {
  if (loading) return <p role="status">Loading show types...</p>;
  const byId = counts && new Map(counts.map((c) => [c.id, c.count]));
  const shown = (types ?? []).filter((t) => !byId || (byId.get(t.id) ?? 0) > 0 || t.id === selected);
  return (
    <div role="group" aria-label="Show type" className="flex flex-wrap gap-2">
      <button type="button" className={`btn btn-sm ${!selected ? 'btn-primary' : 'btn-outline'}`} aria-pressed={!selected} onClick={() => onSelect(undefined)}>
        All
      </button>
      {shown.map((t) => (
        <button
          key={t.id}
          type="button"
          className={`btn btn-sm ${selected === t.id ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={selected === t.id}
          onClick={() => onSelect(t.id)}
        >
          {showTypeLabel(t.name)}
          {byId && ` (${byId.get(t.id) ?? 0})`}
        </button>
      ))}
    </div>
  );
}
