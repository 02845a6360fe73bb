import type { Schemas } from '@/api';
import { api } from '@/lib/api';
import type { LoginResponse } from '@/lib/session/types';

export type Credentials = Schemas['Credentials'];

export const INVALID_REQUEST_DATA = 'Invalid request data';

/** The login payload check of §5: a valid email and a password text, nothing else. */
export function isValidLoginPayload(value: unknown): value is Credentials {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  const { email, password } = value as Record<string, unknown>;
  return (
    keys.length === 2 &&
    keys.includes('email') &&
    keys.includes('password') &&
    typeof email === 'string' &&
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) &&
    typeof password === 'string' &&
    password.length > 0
  );
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, Credentials>({
      // An invalid local payload is never sent.
      async queryFn(credentials, _api, _extra, baseQuery) {
        if (!isValidLoginPayload(credentials)) {
          return { error: { status: 400, data: { message: INVALID_REQUEST_DATA } } };
        }
        const result = await baseQuery({ url: '/user/login', method: 'POST', body: credentials });
        return result.error ? { error: result.error } : { data: result.data as LoginResponse };
      },
    }),
    register: build.mutation<Schemas['MessageResponse'], Credentials>({
      query: (body) => ({ url: '/user/register', method: 'POST', body }),
    }),
    // Issue 35: the same answer whether the address has an account or not.
    forgotPassword: build.mutation<Schemas['MessageResponse'], Schemas['ForgotBody']>({
      query: (body) => ({ url: '/user/forgot-password', method: 'POST', body }),
    }),
    // The link's token and the new password; the server ends every older session of the account.
    resetPassword: build.mutation<Schemas['MessageResponse'], Schemas['ResetBody']>({
      query: (body) => ({ url: '/user/reset-password', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useForgotPasswordMutation, useResetPasswordMutation } = authApi;
