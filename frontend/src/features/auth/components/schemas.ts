import { object, type InferType } from 'yup';
import { accountMessages, emailField, newPasswordFields, passwordField } from '@/lib/account-schema';

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
