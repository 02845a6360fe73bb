import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The error line under a field, named by the field's aria-describedby. */
function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="rounded bg-error px-2 py-1 text-sm text-error-content">
      {error}
    </p>
  );
}

/** A hint under a field (before its error), named by the field's aria-describedby. */
function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="text-sm text-base-content/80">
      {hint}
    </p>
  );
}

/** The ids a field's aria-describedby names: its hint and its error, when shown. */
const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** The frame of a field: its label above, its hint and error line below. */
function FieldFrame({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The attributes that tie a control to its frame for screen readers. */
const ariaOf = (id: string, hint: unknown, error: unknown, required: boolean | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, hint, error),
  'aria-required': required || undefined,
});

/** A labelled input with its hint and error line, wired for screen readers. */
export function Field({
  id,
  label,
  type,
  error,
  autoComplete,
  registration,
  required,
  inputMode,
  readOnly,
  hint,
  placeholder,
  maxLength,
  min,
  max,
  step,
}: {
  id: string;
  label: string;
  type: string;
  error?: string;
  autoComplete?: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  readOnly?: boolean;
  hint?: ReactNode;
  placeholder?: string;
  /** The server's limit (src/lib/limits.ts). */
  maxLength?: number;
  /** A number field's range and step (its arrows keep to them; the form's schema checks what is typed). */
  min?: number;
  max?: number;
  step?: number;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        readOnly={readOnly}
        placeholder={placeholder}
        maxLength={maxLength}
        min={min}
        max={max}
        step={step}
        className={`input w-full ${error ? 'input-error' : ''} ${readOnly ? 'bg-base-200' : ''}`}
        {...ariaOf(id, hint, error, required)}
        {...registration}
      />
    </FieldFrame>
  );
}

/** A labelled multi-line text field with its hint and error line. */
export function TextAreaField({
  id,
  label,
  error,
  registration,
  required,
  hint,
  rows = 4,
  maxLength,
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
  hint?: ReactNode;
  rows?: number;
  /** The server's limit (src/lib/limits.ts). */
  maxLength?: number;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        {...ariaOf(id, hint, error, required)}
        {...registration}
      />
    </FieldFrame>
  );
}

/** A labelled select with its error line; `children` are the options. */
export function SelectField({
  id,
  label,
  error,
  autoComplete,
  registration,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  autoComplete?: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select id={id} autoComplete={autoComplete} className={`select w-full ${error ? 'select-error' : ''}`} {...ariaOf(id, undefined, error, required)} {...registration}>
        {children}
      </select>
    </FieldFrame>
  );
}
