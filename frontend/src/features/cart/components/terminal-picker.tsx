import { useId, useState } from 'react';
import { AddressBlock } from '@/components/address-block';
import { MAX_POSTAL_CODE_LEN } from '@/lib/limits';
import { US_STATES } from '@/lib/us-states';
import { useGetTerminalsQuery } from '../api/cart-api';
import type { Terminal } from '../api/types';

export const TERMINAL_MESSAGES = {
  loading: 'Loading terminals...',
  error: 'Error loading terminals',
  none: 'No terminals found. Try another state or ZIP code.',
} as const;

/** The freight terminals of a state (and optionally a ZIP code prefix), one to choose. */
export function TerminalPicker({
  initialState,
  selected,
  onSelect,
}: {
  initialState: string;
  selected: Terminal | null;
  onSelect: (terminal: Terminal) => void;
}) {
  const id = useId();
  const [state, setState] = useState(initialState);
  const [zip, setZip] = useState('');
  const [appliedZip, setAppliedZip] = useState('');
  const { data: terminals, isFetching, isError } = useGetTerminalsQuery({ state, zipcode: appliedZip }, { skip: !state });

  return (
    <div className="space-y-3 rounded-box bg-base-200 p-4">
      <form
        aria-label="Find a terminal"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setAppliedZip(zip.trim());
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-state`} className="text-sm font-medium">
            Terminal state
          </label>
          <select id={`${id}-state`} className="select select-sm" value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">Select a state</option>
            {Object.entries(US_STATES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-zip`} className="text-sm font-medium">
            ZIP code
          </label>
          <input
            id={`${id}-zip`}
            className="input input-sm w-28"
            inputMode="numeric"
            maxLength={MAX_POSTAL_CODE_LEN}
            value={zip}
            onChange={(e) => setZip(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-sm">
          Search
        </button>
      </form>
      {isFetching ? (
        <p role="status">{TERMINAL_MESSAGES.loading}</p>
      ) : isError ? (
        <p role="alert" className="alert alert-error text-sm">
          {TERMINAL_MESSAGES.error}
        </p>
      ) : terminals && terminals.length === 0 ? (
        <p>{TERMINAL_MESSAGES.none}</p>
      ) : terminals ? (
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">Terminals</legend>
          <ul className="max-h-72 space-y-2 overflow-y-auto">
            {terminals.map((t) => (
              <li key={t.id}>
                <label className="flex cursor-pointer items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-terminal`}
                    className="radio radio-sm mt-1"
                    checked={selected?.id === t.id}
                    onChange={() => onSelect(t)}
                    aria-label={t.terminalName}
                  />
                  <span>
                    <span className="font-semibold">{t.terminalName}</span>
                    {t.company && <span> ({t.company})</span>}
                    <AddressBlock address={t.address} />
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}
