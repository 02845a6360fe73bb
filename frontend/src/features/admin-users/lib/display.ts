import type { AdminUser } from '../api/users-api';

/** "First Last", whichever of the two is set, or '' (the list sorts by it, §9). */
export function fullName(u: Pick<AdminUser, 'profile'>): string {
  return [u.profile.firstName, u.profile.lastName]
    .map((n) => n?.trim())
    .filter(Boolean)
    .join(' ');
}

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment (RFC 3339) as the reader's local date and time, "Nov 23, 2026, 4:05 PM"; other text as it is. */
export function formatDateTime(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : moment.format(date);
}
