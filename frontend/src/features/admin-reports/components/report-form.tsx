import { yupResolver } from '@hookform/resolvers/yup';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Field, SelectField, TextAreaField } from '@/components/field';
import { fieldErrors } from '@/lib/api';
import { useAppDispatch } from '@/lib/hooks';
import { MAX_REPORT_DESCRIPTION_LEN, MAX_REPORT_NAME_LEN } from '@/lib/limits';
import { toastShown } from '@/lib/toast/toast-slice';
import { useCreateReportMutation, type Report } from '../api/reports-api';
import { REPORT_REQUESTED, reportRequestFailure } from '../lib/messages';
import {
  FLAG_LABELS,
  INTERVALS,
  MAX_TOP_PERFORMERS,
  MIN_TOP_PERFORMERS,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  REPORT_PARAMETERS,
  type ReportKind,
} from '../lib/report-types';
import { formFieldOf, reportBody, reportDefaults, reportSchema, type ReportFormValues } from './report-schema';

/**
 * The type choice of a computed report. It stays while the form below it is made anew for the
 * chosen type (so it keeps the focus); choosing changes the screen's address.
 */
export function ReportTypeChoice({ kind, onChange }: { kind: ReportKind; onChange: (kind: ReportKind) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:w-1/2 sm:pr-1.5">
      <label htmlFor={id} className="font-medium">
        Report type
      </label>
      <select id={id} className="select w-full" value={kind} onChange={(e) => onChange(e.target.value as ReportKind)}>
        {REPORT_KINDS.map((k) => (
          <option key={k} value={k}>
            {REPORT_KIND_LABELS[k]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The request of a computed report of type `kind` (back-office.md §3): a name, a description,
 * and that type's parameters with their defaults:
 * dates for all but INVENTORY (the end today, §5), flags as checkboxes, the top performers
 * count (1 to 100) and the sales interval. The server's field errors land on their fields.
 */
export function ReportForm({ kind, onCreated }: { kind: ReportKind; onCreated: (report: Report) => void }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [create] = useCreateReportMutation();
  const p = REPORT_PARAMETERS[kind];
  const schema = useMemo(() => reportSchema(kind), [kind]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormValues>({
    resolver: yupResolver(schema),
    mode: 'onTouched',
    defaultValues: reportDefaults(kind),
  });

  const onSubmit = async (values: ReportFormValues) => {
    try {
      const report = await create(reportBody(kind, values)).unwrap();
      dispatch(toastShown(REPORT_REQUESTED, 'success'));
      onCreated(report);
    } catch (error) {
      const message = reportRequestFailure(error);
      dispatch(toastShown(message, 'error'));
      const unplaced: string[] = [];
      let first: keyof ReportFormValues | null = null;
      for (const [serverField, text] of Object.entries(fieldErrors(error))) {
        const field = formFieldOf(serverField);
        if (!field) {
          unplaced.push(text);
          continue;
        }
        first ??= field;
        setError(field, { type: 'server', message: text });
      }
      if (first) setFocus(first);
      if (unplaced.length || !first) setError('root.server', { type: 'server', message: unplaced.length ? unplaced.join(' ') : message });
    }
  };

  const topError = errors.topPerformersCount?.message;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="New Report" className="space-y-4">
      {errors.root?.server && (
        <p role="alert" className="alert alert-error">
          {errors.root.server.message}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" type="text" maxLength={MAX_REPORT_NAME_LEN} required error={errors.name?.message} registration={register('name')} />
        <div className="sm:col-span-2">
          <TextAreaField id={`${id}-description`} label="Description" rows={2} maxLength={MAX_REPORT_DESCRIPTION_LEN} error={errors.description?.message} registration={register('description')} />
        </div>
      </div>

      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend">Parameters</legend>
        {p.dated && (
          <>
            <Field
              id={`${id}-start`}
              label="Start date"
              type="date"
              hint="Leave empty to start from the first order."
              error={errors.startDate?.message}
              registration={register('startDate')}
            />
            <Field id={`${id}-end`} label="End date" type="date" error={errors.endDate?.message} registration={register('endDate')} />
          </>
        )}
        {p.interval && (
          <SelectField id={`${id}-interval`} label="Interval" error={errors.interval?.message} registration={register('interval')}>
            {INTERVALS.map((i) => (
              <option key={i.value} value={i.value}>
                {i.label}
              </option>
            ))}
          </SelectField>
        )}
        {p.topPerformersCount && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-top`} className="font-medium">
              Top performers
            </label>
            <input
              id={`${id}-top`}
              type="number"
              min={MIN_TOP_PERFORMERS}
              max={MAX_TOP_PERFORMERS}
              step={1}
              inputMode="numeric"
              className={`input w-full ${topError ? 'input-error' : ''}`}
              aria-invalid={topError ? true : undefined}
              aria-describedby={`${id}-top-hint${topError ? ` ${id}-top-error` : ''}`}
              {...register('topPerformersCount')}
            />
            <p id={`${id}-top-hint`} className="text-sm text-base-content/80">
              How many products to rank, {MIN_TOP_PERFORMERS} to {MAX_TOP_PERFORMERS}.
            </p>
            {topError && (
              <p id={`${id}-top-error`} className="rounded bg-error px-2 py-1 text-sm text-error-content">
                {topError}
              </p>
            )}
          </div>
        )}
        <div className="flex flex-col gap-2 sm:col-span-2">
          {p.flags.map((flag) => (
            <label key={flag} className="flex cursor-pointer items-center gap-2">
              <input type="checkbox" className="checkbox checkbox-sm" {...register(flag)} />
              <span>{FLAG_LABELS[flag]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Requesting...' : 'Run Report'}
      </button>
    </form>
  );
}
