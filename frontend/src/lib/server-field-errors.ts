import { useCallback } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldErrors } from '@/lib/api';

/** Where a server field error goes: a field of the form, a `root.*` message (shown, never focused), or null (not shown by a field). */
export type ServerErrorPlace<T extends FieldValues> = FieldPath<T> | `root.${string}` | null;

export interface ServerErrorOptions<T extends FieldValues> {
  /** The place of a field as the server names it (`variants[2].unitPrice`). */
  place: (field: string) => ServerErrorPlace<T>;
  /**
   * The element to focus for a placed error (default: its field; null from it: the next one's);
   * the first placed error's is focused. Null: focus nothing.
   */
  focus?: ((field: FieldPath<T>) => FieldPath<T> | null) | null;
  /**
   * The form's alert (`root.server`): what no field shows, or `message` when the answer names
   * no field (the toast's §8 wording). Null: no alert (a form that shows field messages only).
   */
  message: string | null;
}

/**
 * Puts a failed write on a react-hook-form form: each field error of a 422 on its field (the
 * first one focused), list-wide ones on their `root.*` message, and anything else in the form's
 * alert.
 */
export function placeServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  error: unknown,
  { place, focus = (field) => field, message }: ServerErrorOptions<T>,
): void {
  const byField = fieldErrors(error);
  const unplaced: string[] = [];
  let first: FieldPath<T> | null = null;
  for (const [field, text] of Object.entries(byField)) {
    const at = place(field);
    if (at === null) {
      unplaced.push(text);
      continue;
    }
    if (focus && !at.startsWith('root.')) first ??= focus(at as FieldPath<T>);
    form.setError(at, { type: 'server', message: text });
  }
  // Focus one field only: leaving a field validates it again, which would clear its server message.
  if (first) form.setFocus(first);
  if (message !== null && (unplaced.length || Object.keys(byField).length === 0)) {
    form.setError('root.server', { type: 'server', message: unplaced.length ? unplaced.join(' ') : message });
  }
}

/** `placeServerErrors` bound to a form: `const showServerErrors = useServerFieldErrors(form)`. */
export function useServerFieldErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>) {
  const { setError, setFocus } = form;
  return useCallback(
    (error: unknown, options: ServerErrorOptions<T>) => placeServerErrors({ setError, setFocus }, error, options),
    [setError, setFocus],
  );
}

/** A place function for a form whose fields carry the server's names. */
export const fieldsNamed =
  <T extends FieldValues>(fields: readonly FieldPath<T>[]) =>
  (field: string): ServerErrorPlace<T> =>
    fields.find((f) => f === field) ?? null;
