import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { fieldErrors } from '@/lib/api';

/**
 * Puts a failed write on the form: each field error of a 422 on its field (the first one
 * focused), and anything else (a 409's message, a field the form does not show) in the form's
 * alert, worded as `message` (the toast's §8 wording) when there is nothing more precise.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  message: string,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  setFocus: UseFormSetFocus<T>,
): void {
  const byField = fieldErrors(error);
  const unplaced: string[] = [];
  let first: Path<T> | null = null;
  for (const [name, text] of Object.entries(byField)) {
    const field = fields.find((f) => f === name);
    if (!field) {
      unplaced.push(text);
      continue;
    }
    first ??= field;
    setError(field, { type: 'server', message: text });
  }
  // Focus one field only: leaving a field validates it again, which would clear its server message.
  if (first) setFocus(first);
  if (unplaced.length || Object.keys(byField).length === 0) {
    setError('root.server', { type: 'server', message: unplaced.length ? unplaced.join(' ') : message });
  }
}
