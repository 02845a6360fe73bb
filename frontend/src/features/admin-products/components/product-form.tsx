import { yupResolver } from '@hookform/resolvers/yup';
import { useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Field, SelectField, TextAreaField } from '@/components/field';
import { ImageField } from '@/components/image-field';
import { Loading } from '@/components/loading';
import { fieldErrors } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { MAX_DESCRIPTION_LEN, MAX_SKU_LEN, MAX_TITLE_LEN, MAX_VIDEO_URL_LEN } from '@/lib/limits';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { toastShown } from '@/lib/toast/toast-slice';
import {
  useCreateProductMutation,
  useGetProductOptionsQuery,
  useUpdateProductMutation,
  type AdminProduct,
  type Named,
  type ProductOptions,
} from '../api/products-api';
import { PRODUCT_CREATED, PRODUCT_UPDATED, productFailure } from '../lib/messages';
import { EMPTY_PRODUCT, formValuesOf, MAX_UNIT_STOCK, productBodyOf, productSchema, type ProductFormValues } from './product-schema';

/** The fields of the form, as the server names them in a 422 answer. */
const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_PRODUCT));
/** The unit product's fields: on screen only while the product is case-breakable. */
const UNIT_FIELDS = new Set<string>(['unitPrice', 'unitStock']);

/**
 * The unit product as the shop sells it now (its price and stock from the API: the form never
 * prices anything), or what saving will do for a product that has none yet.
 */
function UnitNow({ unit }: { unit: AdminProduct['unitProduct'] | undefined }) {
  if (!unit) {
    return (
      <p className="text-sm sm:col-span-2">
        The unit product is created when you save. Without a unit price, the shop prices the unit from the case price and the package.
      </p>
    );
  }
  return (
    <p className="sm:col-span-2" aria-live="polite">
      The shop sells a unit ({unit.sku}) at <strong>{formatMoney(unit.unitPrice)}</strong>, with{' '}
      <strong>{unit.availableStock.toLocaleString('en-US')}</strong> {unit.availableStock === 1 ? 'unit' : 'units'} in stock.
    </p>
  );
}

/** Colours or effects: a group of checkboxes (a multi-select that reads well and works by keyboard). */
function OptionGroup({
  id,
  legend,
  options,
  selected,
  error,
  onChange,
}: {
  id: string;
  legend: string;
  options: Named[];
  selected: string[];
  error?: string;
  onChange: (next: string[]) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3" aria-describedby={error ? errorId : undefined}>
      <legend className="fieldset-legend">
        {legend}
        {selected.length > 0 && <span className="badge badge-sm badge-primary ml-2">{selected.length} selected</span>}
      </legend>
      <div className="grid max-h-56 grid-cols-2 gap-1 overflow-y-auto sm:grid-cols-3">
        {options.map((o) => (
          <label key={o.id} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={selected.includes(o.id)}
              onChange={(e) => onChange(e.target.checked ? [...selected, o.id] : selected.filter((s) => s !== o.id))}
            />
            <span>{o.name}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="rounded bg-error px-2 py-1 text-sm text-error-content">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The product form, create or edit (back-office.md §5): the §5 messages, the SKU read-only in
 * edit, the package as comma-separated text, brand and category from GET /api/metadata, colours
 * and effects, and for a case-breakable product the estimated unit price (display only: the
 * server prices the unit). The server's field errors (422) land on their fields; success
 * returns to the product list.
 */
export function ProductForm({ product }: { product?: AdminProduct }) {
  const options = useGetProductOptionsQuery();
  // The selects must have their options before the form sets their values.
  if (options.data) return <ProductFormFields product={product} options={options.data} />;
  if (options.isError) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>Error loading brands, categories, colors and effects.</span>
        <button type="button" className="btn btn-sm" onClick={() => void options.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  return <Loading label="Loading the form..." />;
}

function ProductFormFields({ product, options }: { product?: AdminProduct; options: ProductOptions }) {
  const editing = product !== undefined;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create] = useCreateProductMutation();
  const [update] = useUpdateProductMutation();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({
    resolver: yupResolver(productSchema),
    mode: 'onTouched',
    defaultValues: product ? formValuesOf(product) : EMPTY_PRODUCT,
  });
  const [isCaseBreakable, colors, effects, image] = watch(['isCaseBreakable', 'colors', 'effects', 'image']);
  const action = editing ? 'update' : 'create';

  const onSubmit = async (values: ProductFormValues) => {
    const body = productBodyOf(values, product ? formValuesOf(product) : undefined);
    try {
      if (product) await update({ id: product.id, body }).unwrap();
      else await create(body).unwrap();
      dispatch(toastShown(editing ? PRODUCT_UPDATED : PRODUCT_CREATED, 'success'));
      await navigate(paths.adminProducts.getHref());
    } catch (error) {
      const message = productFailure(action, error);
      dispatch(toastShown(message, 'error'));
      const byField = fieldErrors(error);
      const unplaced: string[] = [];
      let first: FieldPath<ProductFormValues> | null = null;
      for (const [field, text] of Object.entries(byField)) {
        if (!FORM_FIELDS.has(field) || (UNIT_FIELDS.has(field) && !values.isCaseBreakable)) {
          unplaced.push(text);
          continue;
        }
        first ??= field as FieldPath<ProductFormValues>;
        setError(field as FieldPath<ProductFormValues>, { type: 'server', message: text });
      }
      // Focus one field only: leaving a field validates it again, which would clear its server message.
      if (first) setFocus(first);
      if (unplaced.length || Object.keys(byField).length === 0) {
        setError('root.server', { type: 'server', message: unplaced.length ? unplaced.join(' ') : message });
      }
    }
  };

  const choose = (name: 'colors' | 'effects') => (next: string[]) => setValue(name, next, { shouldDirty: true });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={editing ? 'Edit Product' : 'Create Product'} className="space-y-6">
      {errors.root?.server && (
        <p role="alert" className="alert alert-error">
          {errors.root.server.message}
        </p>
      )}

      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Product</legend>
        <Field
          id="product-sku"
          label="SKU"
          type="text"
          required
          readOnly={editing}
          maxLength={MAX_SKU_LEN}
          hint={editing ? 'The SKU cannot be changed.' : undefined}
          error={errors.sku?.message}
          registration={register('sku')}
        />
        <Field id="product-title" label="Title" type="text" maxLength={MAX_TITLE_LEN} required error={errors.title?.message} registration={register('title')} />
        <div className="sm:col-span-2">
          <TextAreaField id="product-description" label="Description" maxLength={MAX_DESCRIPTION_LEN} error={errors.description?.message} registration={register('description')} />
        </div>
      </fieldset>

      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Price and Stock</legend>
        <Field
          id="product-case-price"
          label="Case Price ($)"
          type="text"
          inputMode="decimal"
          required
          error={errors.casePrice?.message}
          registration={register('casePrice')}
        />
        <Field
          id="product-package"
          label="Package"
          type="text"
          required
          placeholder="12,6"
          hint="Comma-separated counts, outermost first: 12,6 is 12 packs of 6."
          error={errors.package?.message}
          registration={register('package')}
        />
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('inStock')} />
          <span>In Stock</span>
        </label>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('isCaseBreakable')} />
          <span>Case Breakable (also sold by the unit)</span>
        </label>
        {isCaseBreakable && (
          <>
            <UnitNow unit={product?.unitProduct} />
            <Field
              id="product-unit-price"
              label="Unit Price ($)"
              type="text"
              inputMode="decimal"
              hint="Leave empty for the shop's price from the case price and package."
              error={errors.unitPrice?.message}
              registration={register('unitPrice')}
            />
            <Field
              id="product-unit-stock"
              label="Units in Stock"
              type="text"
              inputMode="numeric"
              hint={`A whole number from 0 to ${MAX_UNIT_STOCK.toLocaleString('en-US')}; leave it as it is to keep the count.`}
              error={errors.unitStock?.message}
              registration={register('unitStock')}
            />
          </>
        )}
      </fieldset>

      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Classification</legend>
        <SelectField id="product-brand" label="Brand" required error={errors.brandId?.message} registration={register('brandId')}>
          <option value="">Select a brand</option>
          {options.brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <SelectField id="product-category" label="Category" required error={errors.categoryId?.message} registration={register('categoryId')}>
          <option value="">Select a category</option>
          {options.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <OptionGroup
            id="product-colors"
            legend="Colors"
            options={options.colors}
            selected={colors}
            error={errors.colors?.message}
            onChange={choose('colors')}
          />
        </div>
        <div className="sm:col-span-2">
          <OptionGroup
            id="product-effects"
            legend="Effects"
            options={options.effects}
            selected={effects}
            error={errors.effects?.message}
            onChange={choose('effects')}
          />
        </div>
      </fieldset>

      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Media</legend>
        <div className="sm:col-span-2">
          <ImageField
            id="product-image"
            value={image}
            error={errors.image?.message}
            registration={register('image')}
            onUploaded={(url) => {
              setValue('image', url, { shouldDirty: true });
              clearErrors('image');
            }}
            onUploadFailed={(message) => setError('image', { type: 'upload', message })}
          />
        </div>
        <Field id="product-video" label="Video URL" type="url" maxLength={MAX_VIDEO_URL_LEN} error={errors.videoURL?.message} registration={register('videoURL')} />
      </fieldset>

      <div className="flex gap-3">
        <AppLink to={paths.adminProducts.getHref()} className="btn btn-ghost">
          Cancel
        </AppLink>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Update Product' : 'Create Product'}
        </button>
      </div>
    </form>
  );
}
