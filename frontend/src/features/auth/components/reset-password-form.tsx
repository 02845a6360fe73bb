import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink } from '@/components/app-link';
import { PASSWORD_HINT } from '@/lib/account-schema';
import { errorMessage } from '@/lib/api';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { useServerFieldErrors, type ServerErrorPlace } from '@/lib/server-field-errors';
import { selectSessionStatus, sessionEnded } from '@/lib/session/session-slice';
import { useResetPasswordMutation } from '../api/auth-api';
import { requestFailure, RESET_FAILED, RESET_LINK_INVALID } from '../lib/messages';
import { PasswordPair } from './password-pair';
import { resetPasswordSchema, type ResetPasswordValues } from './schemas';

/** The server names the new password `newPassword` (the form keeps the registration form's names); anything else goes in the alert. */
const placeResetError = (field: string): ServerErrorPlace<ResetPasswordValues> => (field === 'newPassword' ? 'password' : null);

/** A link that cannot set a password (none in the address, unknown, used or expired): why, and where to get another. */
export function ResetLinkGone({ message = RESET_LINK_INVALID }: { message?: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p role="alert" className="alert alert-error">
        {message}
      </p>
      <p>
        <AppLink to={paths.forgotPassword.getHref()} className="btn btn-primary">
          Ask for a new link
        </AppLink>
      </p>
    </div>
  );
}

/** The password is set: the server's words and the way to sign in. */
function ResetDone({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="alert alert-success">
        {message}
      </p>
      <p>
        <AppLink to={paths.login.getHref()} className="btn btn-primary">
          Sign in
        </AppLink>
      </p>
    </div>
  );
}

type Outcome = { kind: 'done'; message: string } | { kind: 'gone'; message: string };

/**
 * A new password from a reset link (/reset-password?token=...): the registration rule, typed
 * twice. 200: the server's words and a link to sign in; the server has ended every older session
 * of the account, so a session of this browser ends too. 404 (unknown, used or expired link): the
 * server's words and a link to ask for another. 422: the server's words on the password field.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const sessionStatus = useAppSelector(selectSessionStatus);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: yupResolver(resetPasswordSchema),
    // As the registration form: errors after the first submit, then on each change.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const showServerErrors = useServerFieldErrors({ setError, setFocus });
  const busy = isLoading || isSubmitting;

  const onSubmit = async ({ password }: ResetPasswordValues) => {
    if (busy) return;
    try {
      const { message } = await resetPassword({ token, newPassword: password }).unwrap();
      // The server has ended every session of the account from before; whoever is signed in here
      // (the account, or someone else) signs in again.
      if (sessionStatus === 'authenticated') dispatch(sessionEnded());
      setOutcome({ kind: 'done', message });
    } catch (error) {
      if ((error as { status?: unknown }).status === 404) {
        setOutcome({ kind: 'gone', message: errorMessage(error, RESET_LINK_INVALID) });
        return;
      }
      showServerErrors(error, { place: placeResetError, message: requestFailure(error, RESET_FAILED) });
    }
  };

  if (outcome?.kind === 'done') return <ResetDone message={outcome.message} />;
  if (outcome?.kind === 'gone') return <ResetLinkGone message={outcome.message} />;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label="Reset password">
      {errors.root?.server && (
        <p role="alert" className="alert alert-error">
          {errors.root.server.message}
        </p>
      )}
      <PasswordPair
        idPrefix="reset"
        labels={{ password: 'New password', confirm: 'Confirm password' }}
        hint={PASSWORD_HINT}
        password={{ registration: register('password'), error: errors.password?.message }}
        confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </button>
    </form>
  );
}
