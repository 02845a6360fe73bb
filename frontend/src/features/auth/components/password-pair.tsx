import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/field';
import { MAX_PASSWORD_LEN } from '@/lib/limits';

/**
 * A new password typed twice, with "Show password" (registration and the reset page): each
 * field's registration and error come from the form.
 */
export function PasswordPair({
  idPrefix,
  labels,
  hint,
  password,
  confirm,
}: {
  idPrefix: string;
  labels: { password: string; confirm: string };
  hint?: string;
  password: { registration: UseFormRegisterReturn; error?: string };
  confirm: { registration: UseFormRegisterReturn; error?: string };
}) {
  const [showPassword, setShowPassword] = useState(false);
  const type = showPassword ? 'text' : 'password';
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label={labels.password}
        type={type}
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LEN}
        hint={hint}
        error={password.error}
        registration={password.registration}
      />
      <Field
        id={`${idPrefix}-confirm`}
        label={labels.confirm}
        type={type}
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LEN}
        error={confirm.error}
        registration={confirm.registration}
      />
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
        <span>Show password</span>
      </label>
    </>
  );
}
