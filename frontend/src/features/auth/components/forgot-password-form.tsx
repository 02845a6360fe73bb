import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/field';
import { MAX_EMAIL_LEN } from '@/lib/limits';
import { useForgotPasswordMutation } from '../api/auth-api';
import { FORGOT_FAILED, requestFailure } from '../lib/messages';
import { forgotPasswordSchema, type ForgotPasswordValues } from './schemas';

/**
 * Forgot password (/user/forgot-password): the address to mail a reset link to. The server
 * answers the same words whether the address has an account or not; they are shown as they
 * come. The button stays disabled while a request is on its way, so a link is not asked twice.
 */
export function ForgotPasswordForm() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: yupResolver(forgotPasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const busy = isLoading || isSubmitting;

  const onSubmit = async ({ email }: ForgotPasswordValues) => {
    if (busy) return;
    setOutcome(null);
    try {
      const { message } = await forgotPassword({ email }).unwrap();
      setOutcome({ ok: true, text: message });
    } catch (error) {
      setOutcome({ ok: false, text: requestFailure(error, FORGOT_FAILED) });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label="Forgot password">
      {/* Always there, so that a screen reader hears the answer when it arrives. */}
      <div role="status">{outcome?.ok && <p className="alert alert-success">{outcome.text}</p>}</div>
      {outcome && !outcome.ok && (
        <p role="alert" className="alert alert-error">
          {outcome.text}
        </p>
      )}
      <Field
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={MAX_EMAIL_LEN}
        error={errors.email?.message}
        registration={register('email')}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </button>
    </form>
  );
}
