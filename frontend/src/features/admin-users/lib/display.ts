import type { AdminUser } from '../api/users-api';

/** "First Last", whichever of the two is set, or '' (the list sorts by it, §9). */
export function fullName(u: Pick<AdminUser, 'profile'>): string {
  return [u.profile.firstName, u.profile.lastName]
    .map((n) => n?.trim())
    .filter(Boolean)
    .join(' ');
}
