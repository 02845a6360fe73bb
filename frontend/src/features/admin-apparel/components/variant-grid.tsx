import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { MAX_CUSTOM_SIZE_LEN } from '@/lib/limits';
import type { Named } from '../api/apparel-api';
import { SKU_PREVIEW_FAILED } from '../lib/messages';
import { duplicatePositions, fillAllSizes, GENDER_LABELS, GENDERS, normalSize, parsePrice, SIZES, variantSkuPreview } from '../lib/variants';
import { copyOfRow, CUSTOM_SIZE, keyOf, newRow, rowForKey, sizeOf, type ApparelFormValues, type VariantRow } from './apparel-schema';

/** The base SKU the previews start from: the server's next one (create) or the product's (edit). */
export type BaseSku = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; sku: string };

/** The SKU a row shows: a stored variant's own while its size, gender and colour are unchanged, otherwise the preview. */
function skuOf(row: VariantRow, base: BaseSku, colours: Map<string, string>): string {
  const s = row.stored;
  if (row.sku && s && normalSize(s.size) === normalSize(sizeOf(row)) && s.gender === row.gender && s.colorId === row.colorId) return row.sku;
  if (base.status === 'loading') return 'Loading...';
  if (base.status === 'failed') return '-';
  return variantSkuPreview(base.sku, sizeOf(row), row.gender, colours.get(row.colorId)) ?? 'Choose a size';
}

/** The error line under a grid input, named by its aria-describedby. */
function CellError({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="mt-1 rounded bg-error px-2 py-1 text-xs text-error-content">
      {error.message}
    </p>
  );
}

/**
 * The variants of an apparel product (back-office.md §5), inside a react-hook-form form of
 * ApparelFormValues: one row per variant with its size (standard or custom), gender, colour,
 * unit price and stock, and the SKU it will get. Helpers: fill all sizes and genders for the
 * chosen colours, apply the estimated price to all, add, duplicate, and remove (one always
 * stays). `stockEditable="new"` leaves stored variants' stock to the variants screen's own
 * stock buttons and shows `liveStock` instead.
 */
export function VariantGrid({
  baseSku,
  colorOptions,
  chosenColors,
  estimate,
  stockEditable = 'all',
  liveStock,
}: {
  baseSku: BaseSku;
  colorOptions: Named[];
  chosenColors: string[];
  /** The estimated unit price as form text ('' while the case price or package is not valid). */
  estimate: string;
  stockEditable?: 'all' | 'new';
  liveStock?: ReadonlyMap<string, number>;
}) {
  const {
    control,
    register,
    getValues,
    setValue,
    setFocus,
    trigger,
    formState: { errors, isSubmitted },
  } = useFormContext<ApparelFormValues>();
  const { fields, append, insert, remove, replace } = useFieldArray({ control, name: 'variants' });
  const rows = (useWatch({ control, name: 'variants' }) ?? []) as VariantRow[];
  const [note, setNote] = useState('');
  const focusAfterRemove = useRef<number | null>(null);

  useEffect(() => {
    if (focusAfterRemove.current === null) return;
    const i = Math.min(focusAfterRemove.current, fields.length - 1);
    focusAfterRemove.current = null;
    setFocus(`variants.${i}.sizeChoice`);
  }, [fields.length, setFocus]);

  const colours = new Map(colorOptions.map((c) => [c.id, c.name]));
  const listError = errors.variants?.root?.message ?? errors.variants?.message ?? errors.root?.variants?.message;
  // After a failed submit, mark the rows that break the list-wide rules.
  const showProblems = Boolean(listError);
  const duplicates = showProblems ? duplicatePositions(rows.map(keyOf)) : new Set<number>();
  // After a submit, any change to a row checks the list-wide rules again.
  const revalidate = isSubmitted;
  const deps = revalidate ? ('variants' as const) : undefined;
  const recheck = () => {
    if (revalidate) void trigger('variants');
  };
  const ordered = colorOptions.filter((c) => chosenColors.includes(c.id)).map((c) => c.id);

  const fill = () => {
    const before = getValues('variants').length;
    const next = fillAllSizes(getValues('variants'), keyOf, ordered, (key) => rowForKey(key, estimate));
    replace(next);
    recheck();
    const colourWords = ordered.length ? `${ordered.length} color${ordered.length === 1 ? '' : 's'}` : 'no color';
    setNote(`${next.length} variants for every size and gender with ${colourWords} (${Math.max(0, next.length - before)} added).`);
  };

  const applyEstimate = () => {
    getValues('variants').forEach((_row, i) => setValue(`variants.${i}.unitPrice`, estimate, { shouldDirty: true, shouldValidate: revalidate }));
    recheck();
    setNote(`Unit price ${estimate} applied to ${getValues('variants').length} variants.`);
  };

  const chosenNames = ordered.map((id) => colours.get(id)).join(', ');

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-sm" onClick={fill} aria-describedby="apparel-fill-hint">
          Fill All Sizes and Genders
        </button>
        <button type="button" className="btn btn-sm" onClick={applyEstimate} disabled={!estimate}>
          Apply Estimated Price to All
        </button>
        <button type="button" className="btn btn-sm" onClick={() => {
            append(newRow({ unitPrice: estimate }));
            recheck();
          }}>
          Add Variant
        </button>
      </div>
      <p id="apparel-fill-hint" className="text-sm text-base-content/80">
        Fill adds sizes {SIZES.join(', ')} for Men&apos;s, Women&apos;s and Unisex
        {chosenNames ? ` in ${chosenNames}` : ' without a color (choose the product colors first for one set per color)'}. Estimated unit
        price: <output>{estimate ? `$${estimate}` : 'enter a case price and package'}</output>
      </p>
      <p aria-live="polite" className="sr-only">
        {note}
      </p>
      {baseSku.status === 'failed' && (
        <p role="alert" className="alert alert-warning">
          {SKU_PREVIEW_FAILED}
        </p>
      )}
      {listError && (
        <p id="apparel-variants-error" role="alert" className="rounded bg-error px-2 py-1 text-sm text-error-content">
          {listError}
        </p>
      )}
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm" aria-label="Variants">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Size</th>
              <th scope="col">Gender</th>
              <th scope="col">Color</th>
              <th scope="col">Unit Price ($)</th>
              <th scope="col">Stock</th>
              <th scope="col">SKU</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, i) => {
              const n = i + 1;
              const row = rows[i] ?? (field as unknown as VariantRow);
              const rowErrors = errors.variants?.[i];
              const id = (name: string) => `variant-${field.id}-${name}`;
              const sizeMissing = showProblems && sizeOf(row) === '';
              const priceBad = showProblems && parsePrice(row.unitPrice) === null;
              const duplicate = duplicates.has(i);
              const listDescribed = showProblems ? 'apparel-variants-error' : '';
              const describe = (name: string, flagged: boolean, error?: FieldError) =>
                [error?.message ? id(`${name}-error`) : '', flagged ? listDescribed : ''].filter(Boolean).join(' ') || undefined;
              const sizeError = rowErrors?.sizeChoice ?? rowErrors?.customSize;
              const stockLocked = stockEditable === 'new' && row.variantId !== null;
              const stock = stockLocked ? (liveStock?.get(row.variantId ?? '') ?? row.stored?.availableStock) : undefined;
              return (
                <tr key={field.id} className={duplicate ? 'bg-error/10' : undefined}>
                  <th scope="row">{n}</th>
                  <td className="min-w-32">
                    <select
                      className={`select select-sm w-full ${sizeMissing || duplicate || rowErrors?.sizeChoice ? 'select-error' : ''}`}
                      aria-label={`Size for variant ${n}`}
                      aria-invalid={sizeMissing || duplicate || Boolean(rowErrors?.sizeChoice) || undefined}
                      aria-describedby={describe('size', sizeMissing || duplicate, rowErrors?.sizeChoice)}
                      {...register(`variants.${i}.sizeChoice`, { deps })}
                    >
                      <option value="">Choose a size</option>
                      {SIZES.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                      <option value={CUSTOM_SIZE}>Custom...</option>
                    </select>
                    {row.sizeChoice === CUSTOM_SIZE && (
                      <input
                        type="text"
                        className={`input input-sm mt-1 w-full ${sizeMissing || rowErrors?.customSize ? 'input-error' : ''}`}
                        aria-label={`Custom size for variant ${n}`}
                        placeholder="One Size"
                        maxLength={MAX_CUSTOM_SIZE_LEN}
                        aria-invalid={sizeMissing || Boolean(rowErrors?.customSize) || undefined}
                        aria-describedby={describe('custom-size', sizeMissing, rowErrors?.customSize)}
                        {...register(`variants.${i}.customSize`, { deps })}
                      />
                    )}
                    <CellError id={id(rowErrors?.sizeChoice ? 'size-error' : 'custom-size-error')} error={sizeError} />
                  </td>
                  <td className="min-w-28">
                    <select
                      className={`select select-sm w-full ${duplicate ? 'select-error' : ''}`}
                      aria-label={`Gender for variant ${n}`}
                      aria-invalid={duplicate || Boolean(rowErrors?.gender) || undefined}
                      aria-describedby={describe('gender', duplicate, rowErrors?.gender)}
                      {...register(`variants.${i}.gender`, { deps })}
                    >
                      {GENDERS.map((g) => (
                        <option key={g} value={g}>
                          {GENDER_LABELS[g]}
                        </option>
                      ))}
                    </select>
                    <CellError id={id('gender-error')} error={rowErrors?.gender} />
                  </td>
                  <td className="min-w-32">
                    <select
                      className={`select select-sm w-full ${duplicate ? 'select-error' : ''}`}
                      aria-label={`Color for variant ${n}`}
                      aria-invalid={duplicate || Boolean(rowErrors?.colorId) || undefined}
                      aria-describedby={describe('color', duplicate, rowErrors?.colorId)}
                      {...register(`variants.${i}.colorId`, { deps })}
                    >
                      <option value="">No color</option>
                      {colorOptions.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                    <CellError id={id('color-error')} error={rowErrors?.colorId} />
                  </td>
                  <td className="min-w-28">
                    <input
                      type="text"
                      inputMode="decimal"
                      className={`input input-sm w-full ${priceBad || rowErrors?.unitPrice ? 'input-error' : ''}`}
                      aria-label={`Unit price for variant ${n}`}
                      placeholder={estimate || undefined}
                      aria-invalid={priceBad || Boolean(rowErrors?.unitPrice) || undefined}
                      aria-describedby={describe('price', priceBad, rowErrors?.unitPrice)}
                      {...register(`variants.${i}.unitPrice`, { deps })}
                    />
                    <CellError id={id('price-error')} error={rowErrors?.unitPrice} />
                  </td>
                  <td className="min-w-24">
                    {stockLocked ? (
                      <span>{stock ?? '-'}</span>
                    ) : (
                      <>
                        <input
                          type="text"
                          inputMode="numeric"
                          className={`input input-sm w-full ${rowErrors?.availableStock ? 'input-error' : ''}`}
                          aria-label={`Stock for variant ${n}`}
                          aria-invalid={Boolean(rowErrors?.availableStock) || undefined}
                          aria-describedby={describe('stock', false, rowErrors?.availableStock)}
                          {...register(`variants.${i}.availableStock`)}
                        />
                        <CellError id={id('stock-error')} error={rowErrors?.availableStock} />
                      </>
                    )}
                  </td>
                  <td className="whitespace-nowrap font-mono text-xs">
                    {skuOf(row, baseSku, colours)}
                  </td>
                  <td>
                    <div className="flex gap-1">
                      <button type="button" className="btn btn-xs" aria-label={`Duplicate variant ${n}`} onClick={() => {
                          insert(i + 1, copyOfRow(getValues(`variants.${i}`)));
                          recheck();
                        }}>
                        Duplicate
                      </button>
                      <button
                        type="button"
                        className="btn btn-error btn-xs"
                        aria-label={`Remove variant ${n}`}
                        disabled={fields.length <= 1}
                        title={fields.length <= 1 ? 'At least one variant must remain' : undefined}
                        onClick={() => {
                          focusAfterRemove.current = i;
                          remove(i);
                          recheck();
                        }}
                      >
                        Remove
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
