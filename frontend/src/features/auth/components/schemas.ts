import { object, ref, string, type InferType } from 'yup';

export const PASSWORD_RULE = /^(?=.*?[A-Z])(?=.*?[a-z])(?=.*?[0-9])(?=.*?[#?!@$%^&*-]).{8,}$/;

export const messages = {
  invalidEmail: 'invalid email',
  required: 'Must have at least 1 character',
  passwordRule:
    'Your password must contain at least 1 capital, lowercase, number & special character #?!@$%^&*-',
  passwordsMatch: 'Passwords must match exactly',
} as const;

// yup's own email test accepts "a@b"; a shop needs a domain with a dot.
const email = () =>
  string()
    .trim()
    .required(messages.invalidEmail)
    .email(messages.invalidEmail)
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, messages.invalidEmail);

export const registerSchema = object({
  email: email(),
  password: string()
    .required(messages.required)
    .matches(PASSWORD_RULE, { message: messages.passwordRule, excludeEmptyString: true }),
  confirmPassword: string()
    .required(messages.required)
    .oneOf([ref('password')], messages.passwordsMatch),
});

export type RegisterValues = InferType<typeof registerSchema>;

export const loginSchema = object({
  email: email(),
  password: string().required(messages.required),
});

export type LoginValues = InferType<typeof loginSchema>;
