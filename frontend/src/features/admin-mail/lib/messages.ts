import { errorMessage } from '@/lib/api';

/** The outbox's list states (the back office's table wording, back-office.md §8). */
export const MAIL_FAILED = 'Error loading data';
export const MAIL_EMPTY = 'No mail yet.';

/** A resend's answer when the server gives no words (it says "The mail is back in line to send."). */
export const MAIL_RESENT = 'The mail is back in line to send.';

/** "Error resending mail: {message}" with the server's message, otherwise "Failed to resend mail" (the user forms' pattern). */
export function resendFailure(error: unknown): string {
  const message = errorMessage(error, '');
  return message ? `Error resending mail: ${message}` : 'Failed to resend mail';
}
