import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled input with its error line, wired for screen readers. */
export function Field({
  id,
  label,
  type,
  error,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  type: string;
  error?: string;
  autoComplete?: string;
  registration: UseFormRegisterReturn;
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
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
      {error && (
        <p id={errorId} className="rounded bg-error px-2 py-1 text-sm text-error-content">
          {error}
        </p>
      )}
    </div>
  );
}
