import { errorMessage } from '@/lib/api';

/** Back-office.md §8, tables: the user list's states and the export's failure. */
export const USERS_FAILED = 'Error fetching users data';
export const USERS_EMPTY = 'No users found.';
export const EXPORT_FAILED = 'Error loading export data';

/** §8 gives no user wording: the products' forms ("... successfully!", "Error creating product: ..."). */
export const USER_CREATED = 'User created successfully!';
export const USER_UPDATED = 'User updated successfully!';
export const PASSWORD_RESET = 'Password reset successfully!';
export const PERMISSIONS_UPDATED = 'Permissions updated successfully!';

/** A reset link's toast when the server gives no words (it says "A reset link is on its way to the user."). */
export const RESET_LINK_SENT = 'A reset link is on its way to the user.';

export type UserAction = 'create' | 'update' | 'reset' | 'link' | 'permissions';

const WORDING: Record<UserAction, { doing: string; fallback: string }> = {
  create: { doing: 'creating user', fallback: 'Failed to create user' },
  update: { doing: 'updating user', fallback: 'Failed to update user' },
  reset: { doing: 'resetting password', fallback: 'Failed to reset password' },
  link: { doing: 'sending reset link', fallback: 'Failed to send reset link' },
  permissions: { doing: 'updating permissions', fallback: 'Failed to update permissions' },
};

/** "Error creating user: {message}" with the server's message, otherwise "Failed to create user". */
export function userFailure(action: UserAction, error: unknown): string {
  const message = errorMessage(error, '');
  const { doing, fallback } = WORDING[action];
  return message ? `Error ${doing}: ${message}` : fallback;
}
