import { yupResolver } from '@hookform/resolvers/yup';
import { createContext, useContext, useId, useMemo, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import * as yup from 'yup';
import { DataTable, type DataColumn } from '@/components/data-table';
import { Loading } from '@/components/loading';
import { fieldErrors } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { toastShown } from '@/lib/toast/toast-slice';
import { useServerFieldErrors } from '@/lib/server-field-errors';
import {
  useGetApparelOptionsQuery,
  useSetVariantStockMutation,
  useUpdateApparelMutation,
  type AdminApparel,
  type AdminVariant,
  type Named,
} from '../api/apparel-api';
import { APPAREL_UPDATED, apparelFailure, stockFailure, stockSaved } from '../lib/messages';
import { estimatedUnitPrice, genderLabel, parseStock } from '../lib/variants';
import { apparelMessages, bodyWithVariants, formValuesOf, variantsSchema, type ApparelFormValues, type VariantRow } from './apparel-schema';
import { apparelErrorPlaces } from './server-errors';
import { VariantGrid } from './variant-grid';

/** The product whose variants the stock cells save (the cells are components of the table). */
const ProductIdContext = createContext('');

/** One variant's stock: the admin's count, saved at once with PUT /api/apparel/variants/{id}/stock. */
function StockEditor({ variant }: { variant: AdminVariant }) {
  const productId = useContext(ProductIdContext);
  const dispatch = useAppDispatch();
  const id = useId();
  const [save, { isLoading }] = useSetVariantStockMutation();
  // null: follow the stored count (it moves with purchases and saves).
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = text ?? String(variant.availableStock);

  const submit = async () => {
    const stock = parseStock(value);
    if (stock === null) {
      setError(apparelMessages.stock);
      return;
    }
    setError(null);
    try {
      const saved = await save({ productId, variantId: variant.id, availableStock: stock }).unwrap();
      setText(null);
      dispatch(toastShown(stockSaved(saved.sku || variant.sku), 'success'));
    } catch (e) {
      dispatch(toastShown(stockFailure(e), 'error'));
      setError(fieldErrors(e).availableStock ?? stockFailure(e));
    }
  };

  return (
    <form
      className="flex flex-wrap items-start gap-1"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <input
        type="text"
        inputMode="numeric"
        className={`input input-sm w-24 ${error ? 'input-error' : ''}`}
        aria-label={`Stock for ${variant.sku}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-sm" disabled={isLoading} aria-label={`Save stock for ${variant.sku}`}>
        {isLoading ? 'Saving...' : 'Save'}
      </button>
      {error && (
        <p id={`${id}-error`} className="w-full rounded bg-error px-2 py-1 text-xs text-error-content">
          {error}
        </p>
      )}
    </form>
  );
}

const columns: DataColumn<AdminVariant>[] = [
  { accessorKey: 'sku', header: 'SKU', cell: ({ getValue }) => <span className="whitespace-nowrap font-mono text-sm">{getValue<string>()}</span> },
  { accessorKey: 'size', header: 'Size' },
  { accessorFn: (v) => genderLabel(v.gender), id: 'gender', header: 'Gender' },
  { accessorFn: (v) => v.color?.name ?? 'None', id: 'color', header: 'Color' },
  { accessorKey: 'unitPrice', header: 'Unit Price', cell: ({ getValue }) => formatMoney(getValue<number>()) },
  { accessorKey: 'availableStock', header: 'Stock' },
  { id: 'setStock', header: 'Set Stock', enableSorting: false, enableGlobalFilter: false, cell: ({ row }) => <StockEditor variant={row.original} /> },
];

/**
 * This form holds the whole product (its PUT sends it) but checks only the variants: the other
 * fields are the stored ones, which this screen does not show.
 */
const variantsOnlyResolver = yupResolver(yup.object({ variants: variantsSchema })) as unknown as Resolver<ApparelFormValues>;

/**
 * The variants screen (back-office.md §2 "manage variants"): the stored variants with their
 * SKU, size, gender, colour, unit price and stock, each stock settable on its own; then the
 * variant grid (prices, add, duplicate, remove, the helpers) saved with PUT
 * /api/apparel/products/{id}, the product's other fields as stored.
 */
export function VariantsManager({ apparel }: { apparel: AdminApparel }) {
  const options = useGetApparelOptionsQuery();
  return (
    <div className="space-y-8">
      <ProductIdContext.Provider value={apparel.id}>
        <DataTable<AdminVariant>
          title="Variants and Stock"
          searchLabel="Search variants"
          columns={columns}
          data={apparel.variants}
          getRowId={(v) => v.id}
          paging={false}
          emptyMessage="No variants yet."
        />
      </ProductIdContext.Provider>
      <section aria-labelledby="edit-variants-heading" className="space-y-3">
        <h2 id="edit-variants-heading" className="text-xl font-semibold">
          Edit Variants
        </h2>
        {options.data ? (
          <VariantsForm apparel={apparel} colors={options.data.colors} />
        ) : options.isError ? (
          <div role="alert" className="alert alert-error flex flex-wrap justify-between">
            <span>Error loading colors.</span>
            <button type="button" className="btn btn-sm" onClick={() => void options.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <Loading label="Loading colors..." />
        )}
      </section>
    </div>
  );
}

/** Stored rows carry the live stock (saved above or moved by purchases), so unchanged rows send none. */
function withLiveStock(rows: readonly VariantRow[], live: ReadonlyMap<string, number>): VariantRow[] {
  return rows.map((r) => {
    const stock = r.variantId ? live.get(r.variantId) : undefined;
    if (stock === undefined || !r.stored) return r;
    return { ...r, availableStock: String(stock), stored: { ...r.stored, availableStock: stock } };
  });
}

function VariantsForm({ apparel, colors }: { apparel: AdminApparel; colors: Named[] }) {
  const dispatch = useAppDispatch();
  const [update] = useUpdateApparelMutation();
  const form = useForm<ApparelFormValues>({
    resolver: variantsOnlyResolver,
    mode: 'onTouched',
    defaultValues: formValuesOf(apparel),
  });
  const showServerErrors = useServerFieldErrors(form);
  const {
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const live = useMemo(() => new Map(apparel.variants.map((v) => [v.id, v.availableStock])), [apparel.variants]);
  const estimate = estimatedUnitPrice(apparel.casePrice.toFixed(2), apparel.package.join(','));

  const onSubmit = async (values: ApparelFormValues) => {
    try {
      const saved = await update({ id: apparel.id, body: bodyWithVariants(apparel, withLiveStock(values.variants, live)) }).unwrap();
      dispatch(toastShown(APPAREL_UPDATED, 'success'));
      reset(formValuesOf(saved));
    } catch (error) {
      const message = apparelFailure('update', error);
      dispatch(toastShown(message, 'error'));
      showServerErrors(error, { place: apparelErrorPlaces(values, { variantsOnly: true }), message });
    }
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Edit Variants" className="space-y-4">
        {errors.root?.server && (
          <p role="alert" className="alert alert-error">
            {errors.root.server.message}
          </p>
        )}
        <p className="text-sm text-base-content/80">
          Prices, new variants and removals are saved together. A new variant starts with its stock as entered (999 unless changed); set
          the stock of a saved variant in the table above.
        </p>
        <VariantGrid
          baseSku={{ status: 'ready', sku: apparel.sku }}
          colorOptions={colors}
          chosenColors={apparel.colors.map((c) => c.id)}
          estimate={estimate}
          stockEditable="new"
          liveStock={live}
        />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Variants'}
        </button>
      </form>
    </FormProvider>
  );
}
