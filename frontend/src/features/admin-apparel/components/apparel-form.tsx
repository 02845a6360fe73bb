import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CaseFields, ChoiceSelect, FormActions, MediaSection, OptionGroup } from '@/components/admin-form';
import { Field, SelectField, TextAreaField } from '@/components/field';
import { Loading } from '@/components/loading';
import { useAppDispatch } from '@/lib/hooks';
import { MAX_DESCRIPTION_LEN, MAX_TITLE_LEN } from '@/lib/limits';
import { paths } from '@/lib/paths';
import { toastShown } from '@/lib/toast/toast-slice';
import { useServerFieldErrors } from '@/lib/server-field-errors';
import {
  useCreateApparelMutation,
  useGetApparelOptionsQuery,
  useGetApparelSkuPreviewQuery,
  useGetApparelTypeOptionsQuery,
  useUpdateApparelMutation,
  type AdminApparel,
  type ApparelOptions,
  type ApparelTypeOption,
} from '../api/apparel-api';
import { APPAREL_CREATED, APPAREL_UPDATED, apparelFailure, apparelTypesFailure } from '../lib/messages';
import { estimatedUnitPrice } from '../lib/variants';
import { apparelBodyOf, apparelSchema, emptyApparel, formValuesOf, type ApparelFormValues } from './apparel-schema';
import { apparelErrorPlaces } from './server-errors';
import { VariantGrid, type BaseSku } from './variant-grid';

/**
 * The apparel product form, create or edit (back-office.md §5): the §5 messages, the package
 * 1,1 to start, brand, category and colours from GET /api/metadata, the apparel type from GET
 * /api/apparel/types/all, and the variant grid with its helpers and SKU previews (the base SKU
 * is the server's next one when creating). The server's field errors (422) land on their fields;
 * success returns to the apparel list.
 */
export function ApparelForm({ apparel }: { apparel?: AdminApparel }) {
  const options = useGetApparelOptionsQuery();
  const types = useGetApparelTypeOptionsQuery();
  // The selects must have their options before the form sets their values.
  if (options.data && types.data) return <ApparelFormFields apparel={apparel} options={options.data} types={types.data} />;
  if (options.isError || types.isError) {
    const message = types.isError ? apparelTypesFailure(types.error) : 'Error loading brands, categories and colors.';
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>{message}</span>
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

function useBaseSku(apparel: AdminApparel | undefined): BaseSku {
  const preview = useGetApparelSkuPreviewQuery(undefined, { skip: apparel !== undefined });
  if (apparel) return { status: 'ready', sku: apparel.sku };
  if (preview.data?.nextSku) return { status: 'ready', sku: preview.data.nextSku };
  if (preview.isError || (preview.isSuccess && !preview.data?.nextSku)) return { status: 'failed' };
  return { status: 'loading' };
}

function ApparelFormFields({ apparel, options, types }: { apparel?: AdminApparel; options: ApparelOptions; types: ApparelTypeOption[] }) {
  const editing = apparel !== undefined;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create] = useCreateApparelMutation();
  const [update] = useUpdateApparelMutation();
  const baseSku = useBaseSku(apparel);
  const form = useForm<ApparelFormValues>({
    resolver: yupResolver(apparelSchema),
    mode: 'onTouched',
    defaultValues: apparel ? formValuesOf(apparel) : emptyApparel(),
  });
  const showServerErrors = useServerFieldErrors(form);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [casePrice, pkg, colors, image] = useWatch({ control, name: ['casePrice', 'package', 'colors', 'image'] });
  const estimate = estimatedUnitPrice(casePrice, pkg);
  const action = editing ? 'update' : 'create';

  const onSubmit = async (values: ApparelFormValues) => {
    const body = apparelBodyOf(values);
    try {
      if (apparel) await update({ id: apparel.id, body }).unwrap();
      else await create(body).unwrap();
      dispatch(toastShown(editing ? APPAREL_UPDATED : APPAREL_CREATED, 'success'));
      await navigate(paths.adminApparel.getHref());
    } catch (error) {
      const message = apparelFailure(action, error);
      dispatch(toastShown(message, 'error'));
      showServerErrors(error, { place: apparelErrorPlaces(values), message });
    }
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={editing ? 'Edit Apparel Product' : 'Create Apparel Product'} className="space-y-6">
        {errors.root?.server && (
          <p role="alert" className="alert alert-error">
            {errors.root.server.message}
          </p>
        )}

        <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
          <legend className="fieldset-legend text-lg">Product</legend>
          <p className="sm:col-span-2">
            {editing ? 'SKU' : 'Base SKU (assigned when saved)'}:{' '}
            <span className="font-mono font-semibold">
              {baseSku.status === 'ready' ? baseSku.sku : baseSku.status === 'loading' ? 'Loading...' : 'unavailable'}
            </span>
          </p>
          <Field id="apparel-title" label="Title" type="text" maxLength={MAX_TITLE_LEN} required error={errors.title?.message} registration={register('title')} />
          <SelectField id="apparel-type" label="Apparel Type" required error={errors.apparelTypeId?.message} registration={register('apparelTypeId')}>
            <option value="">Select an apparel type</option>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <TextAreaField id="apparel-description" label="Description" maxLength={MAX_DESCRIPTION_LEN} error={errors.description?.message} registration={register('description')} />
          </div>
        </fieldset>

        <CaseFields
          idPrefix="apparel"
          packagePlaceholder="1,1"
          packageHint="Comma-separated counts, items per case first; the estimated unit price is the case price divided by the first."
          errors={{ casePrice: errors.casePrice?.message, package: errors.package?.message }}
          registrations={{ casePrice: register('casePrice'), package: register('package'), inStock: register('inStock') }}
        />

        <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
          <legend className="fieldset-legend text-lg">Classification</legend>
          <ChoiceSelect id="apparel-brand" label="Brand" placeholder="Select a brand" items={options.brands} error={errors.brandId?.message} registration={register('brandId')} />
          <ChoiceSelect id="apparel-category" label="Category" placeholder="Select a category" items={options.categories} error={errors.categoryId?.message} registration={register('categoryId')} />
          <div className="sm:col-span-2">
            <OptionGroup id="apparel-colors" legend="Colors" options={options.colors} selected={colors} onChange={(next) => setValue('colors', next, { shouldDirty: true })} />
          </div>
        </fieldset>

        <fieldset className="fieldset rounded-box border border-base-300 p-4">
          <legend className="fieldset-legend text-lg">Variants</legend>
          <VariantGrid baseSku={baseSku} colorOptions={options.colors} chosenColors={colors} estimate={estimate} />
        </fieldset>

        <MediaSection
          idPrefix="apparel"
          image={image}
          errors={{ image: errors.image?.message, videoURL: errors.videoURL?.message }}
          registrations={{ image: register('image'), videoURL: register('videoURL') }}
          onUploaded={(url) => {
            setValue('image', url, { shouldDirty: true });
            form.clearErrors('image');
          }}
          onUploadFailed={(message) => form.setError('image', { type: 'upload', message })}
        />

        <FormActions cancelTo={paths.adminApparel.getHref()} busy={isSubmitting} submitLabel={editing ? 'Update Apparel Product' : 'Create Apparel Product'} />
      </form>
    </FormProvider>
  );
}
