import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/field';
import { fieldsNamed, useServerFieldErrors } from '@/lib/server-field-errors';
import { MAX_TERM_DESCRIPTION_LEN, MAX_TERM_NAME_LEN } from '@/lib/limits';
import { EMPTY_TERM, isBlank, termSchema, type TermValues } from './term-schema';

/** Where a 422 answer's messages go: `name` and `description` on those fields, nothing focused, no alert. */
export const TERM_ERRORS = { place: fieldsNamed<TermValues>(['name', 'description']), focus: null, message: null } as const;

/**
 * A name (and optionally a description) form: metadata's add, a type's add, a show type's
 * create or edit. The submit button stays disabled while the name is blank; a name cleared
 * after typing says "Name is required". `onSubmit` throws on failure (the caller has shown
 * the toast); the server's field messages then land on the fields.
 */
export function TermForm({
  label,
  nameLabel,
  submitLabel,
  withDescription = false,
  defaultValues = EMPTY_TERM,
  resetOnSuccess = false,
  onSubmit,
  onCancel,
  autoFocus = false,
  className = '',
}: {
  /** The form's accessible name. */
  label: string;
  nameLabel: string;
  submitLabel: string;
  withDescription?: boolean;
  defaultValues?: TermValues;
  resetOnSuccess?: boolean;
  onSubmit: (values: TermValues) => Promise<void>;
  onCancel?: () => void;
  /** Focus the name once shown (a form that just opened). */
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TermValues>({ resolver: yupResolver(termSchema), mode: 'onChange', defaultValues });
  const showServerErrors = useServerFieldErrors({ setError, setFocus });
  const name = watch('name');

  useEffect(() => {
    if (autoFocus) setFocus('name');
  }, [autoFocus, setFocus]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (resetOnSuccess) reset(EMPTY_TERM);
    } catch (error) {
      showServerErrors(error, TERM_ERRORS);
    }
  });

  return (
    <form aria-label={label} onSubmit={submit} noValidate className={`flex flex-wrap items-start gap-3 ${className}`}>
      <div className="min-w-56 flex-1">
        <Field id={`${id}-name`} label={nameLabel} type="text" maxLength={MAX_TERM_NAME_LEN} required error={errors.name?.message} registration={register('name')} />
      </div>
      {withDescription && (
        <div className="min-w-56 flex-[2]">
          <Field id={`${id}-description`} label="Description (optional)" type="text" maxLength={MAX_TERM_DESCRIPTION_LEN} error={errors.description?.message} registration={register('description')} />
        </div>
      )}
      <div className="flex gap-2 self-end">
        <button type="submit" className="btn btn-primary" disabled={isBlank(name) || isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
