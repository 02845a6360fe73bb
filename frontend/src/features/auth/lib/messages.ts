import { errorMessage } from '@/lib/api';

/** The forgot-password form's failure when the server says nothing (a 429 carries its message). */
export const FORGOT_FAILED = 'The reset link could not be sent. Please try again.';

/** The reset form's failure when the server says nothing. */
export const RESET_FAILED = 'The password could not be reset. Please try again.';

/**
 * A reset address without a token: the server's words for an unknown link
 * (domain::users::RESET_LINK_INVALID), said without asking it.
 */
export const RESET_LINK_INVALID = 'This reset link is invalid or has already been used. Please ask for a new one.';

/** The request never reached the shop (offline, the server down): nothing the server said. */
export const NETWORK_FAILED = 'The shop could not be reached. Please check your connection and try again.';

/** What a failed call says: the server's `{message}`, NETWORK_FAILED when it never answered, else `fallback`. */
export function requestFailure(error: unknown, fallback: string): string {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return NETWORK_FAILED;
  return errorMessage(error, fallback);
}
