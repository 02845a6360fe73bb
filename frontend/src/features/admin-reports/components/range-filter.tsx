import { useId } from 'react';
import type { RangeFilter } from '../api/reports-api';
import { rangeError } from '../lib/dates';
import { STATUS_FILTER_OPTIONS, type Status } from '../lib/statuses';

/**
 * A list's filters (back-office.md §5 and §9): the status (All, Pending, Processing, Completed,
 * Failed) and the date range, the end today to start with. Each change applies at once; a start
 * after the end is pointed out and not asked for.
 */
export function RangeFilterBar({ value, onChange }: { value: RangeFilter; onChange: (next: RangeFilter) => void }) {
  const id = useId();
  const error = rangeError(value);
  const set = (change: Partial<RangeFilter>) => onChange({ ...value, ...change });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            Status
          </label>
          <select
            id={`${id}-status`}
            className="select select-sm w-40"
            value={value.status}
            onChange={(e) => set({ status: e.target.value as Status | '' })}
          >
            {STATUS_FILTER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-start`} className="text-sm font-medium">
            Start date
          </label>
          <input
            id={`${id}-start`}
            type="date"
            className={`input input-sm w-44 ${error ? 'input-error' : ''}`}
            value={value.startDate}
            max={value.endDate || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => set({ startDate: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-end`} className="text-sm font-medium">
            End date
          </label>
          <input
            id={`${id}-end`}
            type="date"
            className="input input-sm w-44"
            value={value.endDate}
            min={value.startDate || undefined}
            onChange={(e) => set({ endDate: e.target.value })}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-fit rounded bg-error px-2 py-1 text-sm text-error-content">
          {error}
        </p>
      )}
    </div>
  );
}
