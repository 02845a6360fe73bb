import type { Ref } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { MAX_SHOW_NOTES_LEN } from '@/lib/limits';
import type { ShowFormValues, ShowLineValues } from './show-schema';

/** A line's accessible name: the product and how it is sold. */
export const lineName = (line: Pick<ShowLineValues, 'title' | 'isUnit'>) => `${line.title} as a ${line.isUnit ? 'unit' : 'case'}`;

/** The error line under a part of a line, named by the control's aria-describedby. */
function LineError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="rounded bg-error px-2 py-1 text-sm text-error-content">
      {error}
    </p>
  );
}

/**
 * The product lines of the show form (back-office.md §5): each line's product (title and SKU),
 * Case or Unit (Unit only when the product sells units), the quantity (at least 1), notes and
 * Remove; "Add products" opens the picker. Errors, the client's or the server's, show on the
 * line they concern.
 */
export function ShowLines({
  keys,
  lines,
  register,
  errors,
  onMode,
  onRemove,
  onAdd,
  addRef,
}: {
  /** useFieldArray's stable keys, one per line. */
  keys: string[];
  lines: ShowLineValues[];
  register: UseFormRegister<ShowFormValues>;
  errors: FieldErrors<ShowFormValues>['products'];
  onMode: (index: number, isUnit: boolean) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
  addRef: Ref<HTMLButtonElement>;
}) {
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-4" aria-describedby={listError ? 'show-products-error' : undefined}>
      <legend className="fieldset-legend text-lg">
        Products<span className="sr-only"> (required)</span>
        {lines.length > 0 && <span className="badge badge-sm badge-primary ml-2">{lines.length} lines</span>}
      </legend>
      {lines.length === 0 ? (
        <p>No products yet. Add the fireworks this show holds.</p>
      ) : (
        <ul className="space-y-3">
          {keys.map((key, i) => {
            const line = lines[i];
            if (!line) return null;
            const lineErrors = errors?.[i];
            const base = `show-line-${key}`;
            const productError = lineErrors?.productId?.message;
            const quantityError = lineErrors?.quantity?.message;
            const notesError = lineErrors?.notes?.message;
            const unitOffered = line.hasUnit || line.isUnit;
            return (
              <li key={key}>
                <div
                  role="group"
                  aria-label={lineName(line)}
                  aria-describedby={productError ? `${base}-product-error` : undefined}
                  className={`grid gap-3 rounded-box border p-3 sm:grid-cols-[1fr_auto_8rem_1fr_auto] sm:items-start ${productError ? 'border-error' : 'border-base-300'}`}
                >
                  <div>
                    <p className="font-medium">{line.title}</p>
                    <p className="font-mono text-sm">{line.sku}</p>
                  </div>
                  <fieldset className="flex flex-col gap-1">
                    <legend className="font-medium">Sold as</legend>
                    <div className="flex gap-4">
                      <label className="flex cursor-pointer items-center gap-2">
                        <input
                          type="radio"
                          className="radio radio-sm"
                          name={`${base}-mode`}
                          checked={!line.isUnit}
                          onChange={() => onMode(i, false)}
                        />
                        Case
                      </label>
                      {unitOffered && (
                        <label className="flex cursor-pointer items-center gap-2">
                          <input
                            type="radio"
                            className="radio radio-sm"
                            name={`${base}-mode`}
                            checked={line.isUnit}
                            onChange={() => onMode(i, true)}
                          />
                          Unit
                        </label>
                      )}
                    </div>
                    {!line.hasUnit && <span className="text-sm">{line.isUnit ? 'Its unit is no longer for sale' : 'Sold by the case only'}</span>}
                  </fieldset>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`${base}-quantity`} className="font-medium">
                      Quantity
                    </label>
                    <input
                      id={`${base}-quantity`}
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      className={`input w-full ${quantityError ? 'input-error' : ''}`}
                      aria-invalid={quantityError ? true : undefined}
                      aria-describedby={quantityError ? `${base}-quantity-error` : undefined}
                      {...register(`products.${i}.quantity`)}
                    />
                    <LineError id={`${base}-quantity-error`} error={quantityError} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`${base}-notes`} className="font-medium">
                      Notes
                    </label>
                    <input
                      id={`${base}-notes`}
                      type="text"
                      maxLength={MAX_SHOW_NOTES_LEN}
                      className={`input w-full ${notesError ? 'input-error' : ''}`}
                      aria-invalid={notesError ? true : undefined}
                      aria-describedby={notesError ? `${base}-notes-error` : undefined}
                      {...register(`products.${i}.notes`)}
                    />
                    <LineError id={`${base}-notes-error`} error={notesError} />
                  </div>
                  <button type="button" className="btn btn-error btn-sm sm:mt-7" aria-label={`Remove ${lineName(line)}`} onClick={() => onRemove(i)}>
                    Remove
                  </button>
                  {productError && (
                    <div className="sm:col-span-5">
                      <LineError id={`${base}-product-error`} error={productError} />
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {listError && (
        <p id="show-products-error" className="rounded bg-error px-2 py-1 text-sm text-error-content">
          {listError}
        </p>
      )}
      <div>
        <button ref={addRef} type="button" className="btn" onClick={onAdd}>
          Add products
        </button>
      </div>
    </fieldset>
  );
}
