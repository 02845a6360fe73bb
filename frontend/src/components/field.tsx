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
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        readOnly={readOnly}
        placeholder={placeholder}
        maxLength={maxLength}
        className={`input w-full ${error ? 'input-error' : ''} ${readOnly ? 'bg-base-200' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        {...registration}
      />
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
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
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        {...registration}
      />
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
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
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        autoComplete={autoComplete}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required || undefined}
        {...registration}
      >
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
