import type { AdminUser, AdminUserPage } from '../api/users-api';

export const adminUser = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u1',
  email: 'ann.blast@example.com',
  role: 'USER',
  active: true,
  lastLogin: '2026-06-01T14:30:00.000Z',
  createdOn: '2026-01-15T09:00:00.000Z',
  profile: { firstName: 'Ann', lastName: 'Blast', phoneNumber: '(701) 555-0100' },
  ...over,
});

export const userPage = (items: AdminUser[], totalItems = items.length, hasMore = false, page = 1, pageSize = 10): AdminUserPage => ({
  items,
  pagination: { page, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize), hasMore },
});

/** A password by the registration rule. */
export const GOOD_PASSWORD = 'Fire#Works2026';
