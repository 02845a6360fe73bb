import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { Middleware, WithSlice } from '@reduxjs/toolkit';
import { installLazily } from '@/lib/lazy-middleware';
import { rootReducer, type RootState } from '@/lib/root-reducer';
import { sessionEnded, type SessionState } from '@/lib/session/session-slice';

/** Every cache tag of the shop; features inject endpoints that use these. */
export const TAG_TYPES = [
  'Cart',
  'Quote',
  'Profile',
  'Product',
  'Apparel',
  'Show',
  'Metadata',
  'Terminal',
  'ShippingRates',
  'Order',
  'User',
  'Inventory',
  'CaseBreak',
  'Report',
  'Refund',
  'Mail',
] as const;

/**
 * Tags that more than one feature names. The signed-in user's profile is one entry (the cache
 * is reset on sign-out); a checkout quote depends on it (address, terms), so the quote provides
 * it too and a profile save refetches both.
 */
export const MY_PROFILE_TAG = { type: 'Profile', id: 'ME' } as const;
/** The signed-in user's order list (a completed purchase adds to it). */
export const ORDER_LIST_TAG = { type: 'Order', id: 'LIST' } as const;

const rawBaseQuery = fetchBaseQuery({
  // An absolute base: a bare '/api' fails to parse as a URL in jsdom.
  baseUrl: `${globalThis.location?.origin ?? 'http://localhost'}/api`,
  prepareHeaders(headers, { getState }) {
    const token = (getState() as { session: SessionState }).session.token;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Any 401 on an authenticated call ends the session. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && (api.getState() as { session: SessionState }).session.token) {
    api.dispatch(sessionEnded());
  }
  return result;
};

/**
 * Fetch options for reads that must show a write at once (the back office): revalidate with the
 * server (ETag, usually a 304) instead of trusting the browser's cache for the answer's max-age.
 */
export const REVALIDATE = { cache: 'no-cache' } as const satisfies RequestInit;

/** Network failures, timeouts and 5xx answers may pass; 4xx answers will not. */
export function isTransientError(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && error.status >= 500;
}

export const MAX_RETRIES = 3;

/** Exponential delay before retry `attempt` (1-based): 1 s, 2 s, 4 s, ..., at most 30 s. */
export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** Math.max(0, attempt - 1), 30_000);

// Queries (never mutations) retry transient failures 3 times with an exponential delay.
const retryingBaseQuery = retry(baseQuery, {
  retryCondition: (error, _args, { attempt, baseQueryApi }) =>
    baseQueryApi.type === 'query' && attempt <= MAX_RETRIES && isTransientError(error as FetchBaseQueryError),
  backoff: (attempt, _max, signal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryDelay(attempt));
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    }),
});

export const api = createApi({
  reducerPath: 'api',
  baseQuery: retryingBaseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});

declare module '@/lib/root-reducer' {
  // An interface, not a type: declarations merge into root-reducer.ts's.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

/** The state of a store once this module has joined it (as it does on loading). */
export type ApiRootState = RootState & WithSlice<typeof api>;

/** Logout, expiry and 401 end the session: forget every cached answer with it. */
const resetOnSessionEnd: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (sessionEnded.match(action)) store.dispatch(api.util.resetApiState());
  return result;
};

// This module is a chunk of its own (only pages that read data and the cart badge need it): it
// joins the store when it loads.
rootReducer.inject(api);
installLazily(api.reducerPath, api.middleware, resetOnSessionEnd);

/** The server's `{message}` from an RTK Query error, or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null) {
      const message = (data as { message?: unknown }).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return fallback;
}

/** The first message per field of a `{message, errors: {field: [..]}}` answer (400/422). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof error !== 'object' || error === null) return out;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return out;
  const errors = (data as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return out;
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : messages;
    if (typeof first === 'string' && first !== '') out[field] = first;
  }
  return out;
}
