import { object, string, type InferType } from 'yup';
import { accountMessages, emailField, newPasswordFields } from '@/lib/account-schema';

// The rules live in src/lib: the back office's user forms apply the same ones.
export const messages = accountMessages;

export const registerSchema = object({
  email: emailField(),
  ...newPasswordFields,
});

export type RegisterValues = InferType<typeof registerSchema>;

export const loginSchema = object({
  email: emailField(),
  password: string().required(messages.required),
});

export type LoginValues = InferType<typeof loginSchema>;
