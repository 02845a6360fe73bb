import { yupResolver } from '@hookform/resolvers/yup';
import { useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CaseFields, ChoiceSelect, FormActions, FormSection, MediaSection, OptionGroup } from '@/components/admin-form';
import { Field, TextAreaField } from '@/components/field';
import { Loading } from '@/components/loading';
import { formatMoney } from '@/lib/format';
import { MAX_DESCRIPTION_LEN, MAX_SKU_LEN, MAX_TITLE_LEN } from '@/lib/limits';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { useServerFieldErrors } from '@/lib/server-field-errors';
import { toastShown } from '@/lib/toast/toast-slice';
import {
  useCreateProductMutation,
  useGetProductOptionsQuery,
  useUpdateProductMutation,
  type AdminProduct,
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
  const showServerErrors = useServerFieldErrors({ setError, setFocus });
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
      // A unit field is shown only for a case-breakable product.
      const shown = (field: string) => FORM_FIELDS.has(field) && (values.isCaseBreakable || !UNIT_FIELDS.has(field));
      showServerErrors(error, { place: (field) => (shown(field) ? (field as FieldPath<ProductFormValues>) : null), message });
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

      <FormSection legend="Product">
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
      </FormSection>

      <CaseFields
        idPrefix="product"
        packagePlaceholder="12,6"
        packageHint="Comma-separated counts, outermost first: 12,6 is 12 packs of 6."
        errors={{ casePrice: errors.casePrice?.message, package: errors.package?.message }}
        registrations={{ casePrice: register('casePrice'), package: register('package'), inStock: register('inStock') }}
      >
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
      </CaseFields>

      <FormSection legend="Classification">
        <ChoiceSelect id="product-brand" label="Brand" placeholder="Select a brand" items={options.brands} error={errors.brandId?.message} registration={register('brandId')} />
        <ChoiceSelect id="product-category" label="Category" placeholder="Select a category" items={options.categories} error={errors.categoryId?.message} registration={register('categoryId')} />
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
      </FormSection>

      <MediaSection
        idPrefix="product"
        image={image}
        errors={{ image: errors.image?.message, videoURL: errors.videoURL?.message }}
        registrations={{ image: register('image'), videoURL: register('videoURL') }}
        onUploaded={(url) => {
          setValue('image', url, { shouldDirty: true });
          clearErrors('image');
        }}
        onUploadFailed={(message) => setError('image', { type: 'upload', message })}
      />

      <FormActions cancelTo={paths.adminProducts.getHref()} busy={isSubmitting} submitLabel={editing ? 'Update Product' : 'Create Product'} />
    </form>
  );
}
