import { boolean, mixed, object, string, type InferType } from 'yup';
import { accountMessages, emailField, newPasswordFields, newPasswordSchema } from '@/lib/account-schema';
import { MAX_NAME_LEN, MAX_PHONE_LEN, pleaseAtMost } from '@/lib/limits';
import { ROLES, type Role } from '@/lib/session/types';
import type { AdminUser, ContactBody, NewUserBody, PermissionsBody, UserBody } from '../api/users-api';

/** The server's words (domain::user_admin, domain::profile), so both sides say the same. */
export const userMessages = {
  ...accountMessages,
  role: 'Role must be USER, MANAGER, ADMIN or MEMBER',
  nameTooLong: pleaseAtMost(MAX_NAME_LEN),
  phoneTooLong: pleaseAtMost(MAX_PHONE_LEN),
  // domain::users::RESET_HOURS_MESSAGE.
  resetHours: 'Expiry must be a whole number of hours from 1 to 168',
} as const;

const role = () => mixed<Role>().oneOf(ROLES, userMessages.role).required(userMessages.role);
const name = () => string().trim().max(MAX_NAME_LEN, userMessages.nameTooLong).default('');

// The phone number's rule is the server's (its 422 lands on the field): the profile form's
// check lives in another feature.
const contactFields = {
  firstName: name(),
  lastName: name(),
  phoneNumber: string().trim().max(MAX_PHONE_LEN, userMessages.phoneTooLong).default(''),
};

/** The edit form: e-mail, role, names and phone. */
export const userSchema = object({ email: emailField(), role: role(), ...contactFields });
export type UserFormValues = InferType<typeof userSchema>;

/** The create form: the edit form's fields plus a password typed twice (the registration rule). */
export const newUserSchema = userSchema.shape(newPasswordFields);
export type NewUserFormValues = InferType<typeof newUserSchema>;

/** The reset form: the registration rule, typed twice. */
export const resetPasswordSchema = newPasswordSchema;
export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;

/** How long an admin's reset link may work, in hours (domain::users::MAX_ADMIN_RESET_HOURS), and the server's default. */
export const RESET_LINK_HOURS = { min: 1, max: 168, default: 24 } as const;

/** The reset link form: the hours the link works, a whole number from 1 to 168 (as typed: a number field's text). */
export const resetLinkSchema = object({
  expiresInHours: string()
    .trim()
    .required(userMessages.resetHours)
    .test('hours', userMessages.resetHours, (v) => {
      const hours = Number(v);
      return /^\d+$/.test(v ?? '') && hours >= RESET_LINK_HOURS.min && hours <= RESET_LINK_HOURS.max;
    }),
});
export type ResetLinkValues = InferType<typeof resetLinkSchema>;

export const permissionsSchema = object({ role: role(), active: boolean().required() });
export type PermissionsValues = InferType<typeof permissionsSchema>;

export const EMPTY_NEW_USER: NewUserFormValues = {
  email: '',
  password: '',
  confirmPassword: '',
  role: 'USER',
  firstName: '',
  lastName: '',
  phoneNumber: '',
};

/** The edit form's values for a user. */
export function formValuesOf(u: AdminUser): UserFormValues {
  return {
    email: u.email,
    // The document gives the role as text; the server sends one of ROLES.
    role: u.role as Role,
    firstName: u.profile.firstName ?? '',
    lastName: u.profile.lastName ?? '',
    phoneNumber: u.profile.phoneNumber ?? '',
  };
}

/** Names and phone, trimmed; a blank one is left out (the server then has none). */
function contactOf(v: Pick<UserFormValues, 'firstName' | 'lastName' | 'phoneNumber'>): ContactBody {
  const out: ContactBody = {};
  for (const key of ['firstName', 'lastName', 'phoneNumber'] as const) {
    const text = v[key].trim();
    if (text) out[key] = text;
  }
  return out;
}

/** PUT /api/admin/users/{id}. */
export function userBodyOf(v: UserFormValues): UserBody {
  return { email: v.email.trim(), role: v.role, ...contactOf(v) };
}

/** POST /api/admin/users: the password as typed (never trimmed), no confirmation. */
export function newUserBodyOf(v: NewUserFormValues): NewUserBody {
  return { email: v.email.trim(), password: v.password, role: v.role, ...contactOf(v) };
}

export function permissionsBodyOf(v: PermissionsValues): PermissionsBody {
  return { role: v.role, active: v.active };
}
