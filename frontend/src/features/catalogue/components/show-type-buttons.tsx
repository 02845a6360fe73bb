import type { TypeRef } from '../api/types';
import { showTypeLabel } from '../lib/show-types';

/** Filter buttons: All plus each show type. */
export function ShowTypeButtons({
  types,
  loading,
  selected,
  onSelect,
}: {
  types: TypeRef[] | undefined;
  loading: boolean;
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
}) {
  if (loading) return <p role="status">Loading show types...</p>;
  return (
    <div role="group" aria-label="Show type" className="flex flex-wrap gap-2">
      <button type="button" className={`btn btn-sm ${!selected ? 'btn-primary' : 'btn-outline'}`} aria-pressed={!selected} onClick={() => onSelect(undefined)}>
        All
      </button>
      {(types ?? []).map((t) => (
        <button
          key={t.id}
          type="button"
          className={`btn btn-sm ${selected === t.id ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={selected === t.id}
          onClick={() => onSelect(t.id)}
        >
          {showTypeLabel(t.name)}
        </button>
      ))}
    </div>
  );
}
