import { object, ref, string } from 'yup';
import { MAX_EMAIL_LEN, MAX_PASSWORD_LEN, tooLong, utf8Length } from './limits';

/**
 * The storefront's account rules (registration), shared by the sign-up form and the back
 * office's user forms. The server checks the same rules (domain::account) and answers the same
 * words, so a form and the server never disagree.
 */

export const PASSWORD_RULE = /^(?=.*?[A-Z])(?=.*?[a-z])(?=.*?[0-9])(?=.*?[#?!@$%^&*-]).{8,}$/;

export const accountMessages = {
  invalidEmail: 'invalid email',
  required: 'Must have at least 1 character',
  passwordRule:
    'Your password must contain at least 1 capital, lowercase, number & special character #?!@$%^&*-',
  passwordsMatch: 'Passwords must match exactly',
  passwordTooLong: tooLong('Password', MAX_PASSWORD_LEN),
} as const;

/** The password rule in words, for a hint under a password field. */
export const PASSWORD_HINT = 'At least 8 characters with a capital letter, a lowercase letter, a number and one of #?!@$%^&*-';

/** An e-mail address. yup's own email test accepts "a@b"; a shop needs a domain with a dot. */
export const emailField = () =>
  string()
    .trim()
    .required(accountMessages.invalidEmail)
    .email(accountMessages.invalidEmail)
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, accountMessages.invalidEmail)
    // The server's word for an address past its limit is the same "invalid email".
    .max(MAX_EMAIL_LEN, accountMessages.invalidEmail);

/** A password no longer than the server takes (it counts UTF-8 bytes). */
export const passwordField = () =>
  string()
    .required(accountMessages.required)
    .test('max-bytes', accountMessages.passwordTooLong, (v) => !v || utf8Length(v) <= MAX_PASSWORD_LEN);

/** A new password and its confirmation, by the registration rule. */
export const newPasswordFields = {
  password: passwordField()
    .matches(PASSWORD_RULE, { message: accountMessages.passwordRule, excludeEmptyString: true }),
  confirmPassword: string()
    .required(accountMessages.required)
    .oneOf([ref('password')], accountMessages.passwordsMatch),
};

/** A new password typed twice (the sign-up form's, the back office's password reset). */
export const newPasswordSchema = object(newPasswordFields);
