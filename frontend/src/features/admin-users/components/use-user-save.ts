import { useNavigate } from 'react-router';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { fieldsNamed, useServerFieldErrors } from '@/lib/server-field-errors';
import { toastShown } from '@/lib/toast/toast-slice';
import { userFailure, type UserAction } from '../lib/messages';

/**
 * The submit of the user forms: `save()`, then `done` in a toast and back to All Users; a
 * failure in a toast (§8 wording) and on the form (422s on `fields`, the rest in its alert).
 * `done` is fixed words, or the words read from the server's answer.
 */
export function useUserSave<T extends FieldValues, R = unknown>(
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  { fields, action, done }: { fields: readonly FieldPath<T>[]; action: UserAction; done: string | ((answer: R) => string) },
) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const showServerErrors = useServerFieldErrors(form);
  return async (save: () => Promise<R>) => {
    try {
      const answer = await save();
      dispatch(toastShown(typeof done === 'string' ? done : done(answer), 'success'));
      await navigate(paths.adminUsers.getHref());
    } catch (error) {
      const message = userFailure(action, error);
      dispatch(toastShown(message, 'error'));
      showServerErrors(error, { place: fieldsNamed(fields), message });
    }
  };
}
