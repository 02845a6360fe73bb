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

/** A labelled input with its error line, wired for screen readers. */
export function Field({
  id,
  label,
  type,
  error,
  autoComplete,
  registration,
  required,
  inputMode,
}: {
  id: string;
  label: string;
  type: string;
  error?: string;
  autoComplete?: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
}) {
  const errorId = `${id}-error`;
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
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required || undefined}
        {...registration}
      />
      <FieldError id={errorId} error={error} />
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
