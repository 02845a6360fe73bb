import { yupResolver } from '@hookform/resolvers/yup';
import { useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ChoiceSelect, Choices, FormActions, FormSection, MediaSection } from '@/components/admin-form';
import { Field, SelectField, TextAreaField } from '@/components/field';
import { Loading } from '@/components/loading';
import { useAppDispatch } from '@/lib/hooks';
import { MAX_DESCRIPTION_LEN, MAX_TITLE_LEN } from '@/lib/limits';
import { paths } from '@/lib/paths';
import { useServerFieldErrors } from '@/lib/server-field-errors';
import { showTypeLabel } from '@/lib/show-types';
import { toastShown } from '@/lib/toast/toast-slice';
import {
  useCreateShowMutation,
  useGetShowFormOptionsQuery,
  useGetShowTypeChoicesQuery,
  useUpdateShowMutation,
  type AdminShow,
  type Named,
  type PickerProduct,
  type ShowOptions,
} from '../api/shows-api';
import { duplicateWarning, SHOW_CREATED, SHOW_UPDATED, showFailure } from '../lib/messages';
import { ProductPicker } from './product-picker';
import { ShowLines } from './show-lines';
import { EMPTY_SHOW, formFieldOf, formValuesOf, lineOf, showBodyOf, showSchema, type ShowFormValues } from './show-schema';

type Name = FieldPath<ShowFormValues>;

/** The field to focus for a server error: the field itself, or a line's quantity for an error about the line's product. */
function focusTarget(name: string): Name | null {
  const line = /^products\.(\d+)\.productId$/.exec(name);
  if (line) return `products.${Number(line[1])}.quantity`;
  return name === 'products' ? null : (name as Name);
}

/**
 * The show form, create or edit (back-office.md §5): title, description, price, image (an
 * address or an upload), video, in stock, show type, brand and category, and the product lines
 * chosen in the picker. The §5 messages on their fields, the server's field errors (422) on
 * their fields and lines; success says so (§8) and returns to the show list (§4).
 */
export function ShowForm({ show }: { show?: AdminShow }) {
  const options = useGetShowFormOptionsQuery();
  const types = useGetShowTypeChoicesQuery();
  // The selects must have their options before the form sets their values.
  if (options.data && types.data) return <ShowFormFields show={show} options={options.data} showTypes={types.data} />;
  if (options.isError || types.isError) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>Error loading show types, brands and categories.</span>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            if (options.isError) void options.refetch();
            if (types.isError) void types.refetch();
          }}
        >
          Retry
        </button>
      </div>
    );
  }
  return <Loading label="Loading the form..." />;
}

function ShowFormFields({ show, options, showTypes }: { show?: AdminShow; options: ShowOptions; showTypes: Named[] }) {
  const editing = show !== undefined;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create] = useCreateShowMutation();
  const [update] = useUpdateShowMutation();
  const [picking, setPicking] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    setValue,
    getValues,
    trigger,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ShowFormValues>({
    resolver: yupResolver(showSchema),
    mode: 'onTouched',
    defaultValues: show ? formValuesOf(show) : EMPTY_SHOW,
  });
  const showServerErrors = useServerFieldErrors({ setError, setFocus });
  const { fields, append, remove } = useFieldArray({ control, name: 'products' });
  const [image, lines] = watch(['image', 'products']);
  const action = editing ? 'update' : 'create';

  // A change to the lines checks them again once the form was sent (or a line is marked), so a
  // message goes away as soon as it no longer applies.
  const recheckLines = () => {
    if (isSubmitted || errors.products) void trigger('products');
  };

  const addLine = (product: PickerProduct, isUnit: boolean): string | null => {
    if (getValues('products').some((l) => l.productId === product.id && l.isUnit === isUnit)) {
      return duplicateWarning(product.title, isUnit);
    }
    append(lineOf(product, isUnit), { shouldFocus: false });
    recheckLines();
    return null;
  };

  const onSubmit = async (values: ShowFormValues) => {
    const body = showBodyOf(values);
    try {
      if (show) await update({ id: show.id, body }).unwrap();
      else await create(body).unwrap();
      dispatch(toastShown(editing ? SHOW_UPDATED : SHOW_CREATED, 'success'));
      await navigate(paths.adminShows.getHref());
    } catch (error) {
      const message = showFailure(action, error);
      dispatch(toastShown(message, 'error'));
      showServerErrors(error, { place: (field) => (formFieldOf(field) as Name | null) ?? null, focus: focusTarget, message });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={editing ? 'Edit Show' : 'Create Show'} className="space-y-6">
      {errors.root?.server && (
        <p role="alert" className="alert alert-error">
          {errors.root.server.message}
        </p>
      )}

      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Show</legend>
        {show && (
          <p className="sm:col-span-2">
            SKU: <span className="font-mono">{show.sku}</span>
          </p>
        )}
        <div className="sm:col-span-2">
          <Field id="show-title" label="Title" type="text" maxLength={MAX_TITLE_LEN} required error={errors.title?.message} registration={register('title')} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField id="show-description" label="Description" maxLength={MAX_DESCRIPTION_LEN} error={errors.description?.message} registration={register('description')} />
        </div>
      </fieldset>

      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Price and Stock</legend>
        <Field
          id="show-price"
          label="Price ($)"
          type="text"
          inputMode="decimal"
          required
          hint="The price of the whole show."
          error={errors.casePrice?.message}
          registration={register('casePrice')}
        />
        <label className="flex cursor-pointer items-center gap-2 sm:mt-8">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('inStock')} />
          <span>In Stock</span>
        </label>
      </fieldset>

      <FormSection legend="Classification" columns={3}>
        <SelectField id="show-type" label="Show Type" required error={errors.showTypeId?.message} registration={register('showTypeId')}>
          <option value="">Select a show type</option>
          <Choices items={showTypes.map((t) => ({ ...t, name: showTypeLabel(t.name) }))} />
        </SelectField>
        <ChoiceSelect id="show-brand" label="Brand" placeholder="Select a brand" items={options.brands} error={errors.brandId?.message} registration={register('brandId')} />
        <ChoiceSelect id="show-category" label="Category" placeholder="Select a category" items={options.categories} error={errors.categoryId?.message} registration={register('categoryId')} />
      </FormSection>

      <MediaSection
        idPrefix="show"
        image={image}
        errors={{ image: errors.image?.message, videoURL: errors.videoURL?.message }}
        registrations={{ image: register('image'), videoURL: register('videoURL') }}
        onUploaded={(url) => {
          setValue('image', url, { shouldDirty: true });
          clearErrors('image');
        }}
        onUploadFailed={(message) => setError('image', { type: 'upload', message })}
        wide={false}
      />

      <ShowLines
        keys={fields.map((f) => f.id)}
        lines={lines}
        register={register}
        errors={errors.products}
        addRef={addRef}
        onAdd={() => setPicking(true)}
        onMode={(i, isUnit) => {
          setValue(`products.${i}.isUnit`, isUnit, { shouldDirty: true });
          // A switch can make a duplicate (or undo one): say so at once.
          void trigger('products');
        }}
        onRemove={(i) => {
          remove(i);
          recheckLines();
          // The line and its buttons are gone: continue from the add button.
          addRef.current?.focus();
        }}
      />
      {picking && <ProductPicker held={lines} onAdd={addLine} onClose={() => setPicking(false)} />}

      <FormActions cancelTo={paths.adminShows.getHref()} busy={isSubmitting} submitLabel={editing ? 'Update Show' : 'Create Show'} />
    </form>
  );
}
