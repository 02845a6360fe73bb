import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useResetUserPasswordMutation, type AdminUser } from '../api/users-api';
import { PASSWORD_RESET } from '../lib/messages';
import { FormAlert, FormButtons, PasswordFields } from './form-parts';
import { resetPasswordSchema, type ResetPasswordValues } from './user-schema';
import { useUserSave } from './use-user-save';

const FIELDS = ['password', 'confirmPassword'] as const;

/** The note of the reset screen: the server moves the user's token version on. */
export const SESSIONS_END_NOTE = "Saving a new password ends the user's existing sessions: they must sign in again with the new password.";

/**
 * Reset Password (/admin/users/{id}/reset-password): a new password typed twice, by the
 * registration rule; PUT .../password answers 204 and every older token of the user stops
 * working. Success returns to All Users.
 */
export function ResetPasswordForm({ user }: { user: AdminUser }) {
  const [reset] = useResetUserPasswordMutation();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: yupResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = useUserSave({ setError, setFocus }, { fields: FIELDS, action: 'reset', done: PASSWORD_RESET });

  const onSubmit = ({ password }: ResetPasswordValues) => submit(() => reset({ id: user.id, password }).unwrap());

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Reset Password" className="space-y-6">
      <FormAlert message={errors.root?.server?.message} />
      <p className="alert">{SESSIONS_END_NOTE}</p>
      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">New Password for {user.email}</legend>
        <PasswordFields
          idPrefix="reset"
          shown={showPassword}
          onShownChange={setShowPassword}
          registrations={{ password: register('password'), confirmPassword: register('confirmPassword') }}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        />
      </fieldset>
      <FormButtons label="Reset Password" busy={isSubmitting} />
    </form>
  );
}
