import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AppLink } from '@/components/app-link';
import { Field, SelectField } from '@/components/field';
import { PASSWORD_HINT } from '@/lib/account-schema';
import { MAX_EMAIL_LEN, MAX_NAME_LEN, MAX_PASSWORD_LEN, MAX_PHONE_LEN } from '@/lib/limits';
import { paths } from '@/lib/paths';
import { ROLES } from '@/lib/session/types';

/** The form's alert: what the server said that belongs to no field (a 409, say). */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert alert-error">
      {message}
    </p>
  );
}

/** The role select: USER, MANAGER, ADMIN, MEMBER (back-office.md §6). */
export function RoleSelect({ id, error, registration }: { id: string; error?: string; registration: UseFormRegisterReturn }) {
  return (
    <SelectField id={id} label="Role" required error={error} registration={registration}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </SelectField>
  );
}

type AccountField = 'email' | 'role' | 'firstName' | 'lastName' | 'phoneNumber';

/** E-mail, role, names and phone: the fields the create and edit forms share. */
export function AccountFields({
  idPrefix,
  registrations,
  errors,
  children,
}: {
  idPrefix: string;
  registrations: Record<AccountField, UseFormRegisterReturn>;
  errors: Partial<Record<AccountField, string>>;
  /** Fields after the e-mail (the create form's password). */
  children?: ReactNode;
}) {
  return (
    <>
      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Account</legend>
        <div className="sm:col-span-2">
          <Field id={`${idPrefix}-email`} label="Email" type="email" maxLength={MAX_EMAIL_LEN} autoComplete="off" required error={errors.email} registration={registrations.email} />
        </div>
        {children}
        <RoleSelect id={`${idPrefix}-role`} error={errors.role} registration={registrations.role} />
      </fieldset>
      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Profile</legend>
        <Field id={`${idPrefix}-first-name`} label="First Name" type="text" maxLength={MAX_NAME_LEN} autoComplete="off" error={errors.firstName} registration={registrations.firstName} />
        <Field id={`${idPrefix}-last-name`} label="Last Name" type="text" maxLength={MAX_NAME_LEN} autoComplete="off" error={errors.lastName} registration={registrations.lastName} />
        <Field id={`${idPrefix}-phone`} label="Phone Number" type="tel" maxLength={MAX_PHONE_LEN} autoComplete="off" error={errors.phoneNumber} registration={registrations.phoneNumber} />
      </fieldset>
    </>
  );
}

/** A new password and its confirmation, with the rule as a hint and a Show password switch. */
export function PasswordFields({
  idPrefix,
  shown,
  onShownChange,
  registrations,
  errors,
}: {
  idPrefix: string;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  registrations: Record<'password' | 'confirmPassword', UseFormRegisterReturn>;
  errors: Partial<Record<'password' | 'confirmPassword', string>>;
}) {
  const showId = useId();
  const type = shown ? 'text' : 'password';
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label="Password"
        type={type}
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LEN}
        required
        hint={PASSWORD_HINT}
        error={errors.password}
        registration={registrations.password}
      />
      <Field
        id={`${idPrefix}-confirm`}
        label="Confirm Password"
        type={type}
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LEN}
        required
        error={errors.confirmPassword}
        registration={registrations.confirmPassword}
      />
      <label htmlFor={showId} className="flex cursor-pointer items-center gap-2 sm:col-span-2">
        <input id={showId} type="checkbox" className="checkbox checkbox-sm" checked={shown} onChange={(e) => onShownChange(e.target.checked)} />
        <span>Show password</span>
      </label>
    </>
  );
}

/** Cancel (back to All Users) and the submit button. */
export function FormButtons({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div className="flex gap-3">
      <AppLink to={paths.adminUsers.getHref()} className="btn btn-ghost">
        Cancel
      </AppLink>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : label}
      </button>
    </div>
  );
}
