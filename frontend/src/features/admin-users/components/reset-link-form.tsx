import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import type { Schemas } from '@/api';
import { Field } from '@/components/field';
import { useSendResetLinkMutation, type AdminUser } from '../api/users-api';
import { RESET_LINK_SENT } from '../lib/messages';
import { FormAlert } from './form-parts';
import { RESET_LINK_HOURS, resetLinkSchema, type ResetLinkValues } from './user-schema';
import { useUserSave } from './use-user-save';

const FIELDS = ['expiresInHours'] as const;

/** What the link does, under the form's title. */
export const RESET_LINK_NOTE =
  'The user is mailed a link to choose a new password themselves. It works once, for the hours below; their password and sessions stay as they are until it is used.';

/**
 * Send reset link (on /admin/users/{id}/reset-password, issue 35): POST
 * /api/user/admin/reset-password mails the user a link that works for 1 to 168 hours (24 unless
 * changed). The server's words are the success toast, and All Users shows again; a 404 or 422
 * is said as the other user forms say theirs (the hours' message on the field).
 */
export function ResetLinkForm({ user }: { user: AdminUser }) {
  const [send] = useSendResetLinkMutation();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetLinkValues>({
    resolver: yupResolver(resetLinkSchema),
    mode: 'onTouched',
    defaultValues: { expiresInHours: String(RESET_LINK_HOURS.default) },
  });
  const submit = useUserSave({ setError, setFocus }, {
    fields: FIELDS,
    action: 'link',
    done: ({ message }: Schemas['MessageResponse']) => message || RESET_LINK_SENT,
  });

  const onSubmit = ({ expiresInHours }: ResetLinkValues) =>
    submit(() => send({ userId: user.id, expiresInHours: Number(expiresInHours) }).unwrap());

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Send reset link" className="space-y-6">
      <FormAlert message={errors.root?.server?.message} />
      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Reset Link for {user.email}</legend>
        <p className="sm:col-span-2">{RESET_LINK_NOTE}</p>
        <Field
          id="reset-link-hours"
          label="Expires in (hours)"
          type="number"
          inputMode="numeric"
          min={RESET_LINK_HOURS.min}
          max={RESET_LINK_HOURS.max}
          step={1}
          required
          error={errors.expiresInHours?.message}
          registration={register('expiresInHours')}
        />
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </button>
    </form>
  );
}
