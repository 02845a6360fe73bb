import { object, type InferType } from 'yup';
import { accountMessages, emailField, newPasswordFields, newPasswordSchema, passwordField } from '@/lib/account-schema';

// The rules live in src/lib: the back office's user forms apply the same ones.
export const messages = accountMessages;

export const registerSchema = object({
  email: emailField(),
  ...newPasswordFields,
});

export type RegisterValues = InferType<typeof registerSchema>;

export const loginSchema = object({
  email: emailField(),
  password: passwordField(),
});

export type LoginValues = InferType<typeof loginSchema>;

/** Asking for a reset link: the address, by the sign-in form's rule. */
export const forgotPasswordSchema = object({
  email: emailField(),
});

export type ForgotPasswordValues = InferType<typeof forgotPasswordSchema>;

/** A new password from a reset link: the registration rule and its words, typed twice. */
export const resetPasswordSchema = newPasswordSchema;

export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;
