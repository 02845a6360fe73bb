import type { Schemas } from '@/api';
import { attachmentName, fileResponse, type FileDownload } from '@/lib/download';
import { api, REVALIDATE } from '@/lib/api';
import type { Role } from '@/lib/session/types';

/** A user as the back office reads it (GET /api/user/getAll rows, GET /api/admin/users/{id}). */
/** A user as the admin's user calls answer it (`lastLogin` null when the user never signed in). */
export type AdminUser = Schemas['UserRow'];

export type AdminUserPage = Schemas['UserList'];

/** The list's filters, shared by the list and the CSV export ('' is All). */
export interface UserFilters {
  search: string;
  role: Role | '';
  active: 'true' | 'false' | '';
}

export interface UserListArgs extends UserFilters {
  page: number;
  pageSize: number;
  /** The column sort (`-lastLogin`), or null for the server's name order. */
  sort?: string | null;
}

/** The names and phone of the user forms (left out when blank: the server then clears them). */
/** The names and phone of a user body (a blank one is left out). */
export type ContactBody = Pick<Schemas['UserBody'], 'firstName' | 'lastName' | 'phoneNumber'>;

/** POST /api/admin/users: a new user, with the password typed twice by the registration rule. */
export type NewUserBody = Schemas['UserBody'];

/** PUT /api/admin/users/{id}: no password. */
export type UserBody = Omit<Schemas['UserBody'], 'password'>;

export type PermissionsBody = Schemas['PermissionsBody'];

/** POST /api/user/admin/reset-password: whom to mail a reset link, and for how many hours it works. */
export type ResetLinkBody = Schemas['AdminResetBody'];

/** A downloaded export: an object URL of the CSV (revoked by whoever saves it) and its file name. */
export type UsersExport = FileDownload;

/** The filters as a query: only those set, the search trimmed. */
export function filterQuery({ search, role, active }: UserFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (search.trim()) q.set('search', search.trim());
  if (role) q.set('role', role);
  if (active) q.set('active', active);
  return q;
}

/** The list query: the page, then the filters (the server sorts by name, back-office.md §9). */
export function userListQuery({ page, pageSize, sort, ...filters }: UserListArgs): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [key, value] of filterQuery(filters)) q.set(key, value);
  if (sort) q.set('sort', sort);
  return q.toString();
}

/** Back-office.md §9: users-export-{date}.csv, the date the server's (UTC) when it names one. */
export function exportFilename(contentDisposition: string | null, now = new Date()): string {
  return attachmentName(contentDisposition, `users-export-${now.toISOString().slice(0, 10)}.csv`);
}

const LIST = { type: 'User', id: 'LIST' } as const;
const user = (id: string) => ({ type: 'User' as const, id });
const at = (id: string, rest = '') => `/admin/users/${encodeURIComponent(id)}${rest}`;

/** The back office's users: the list, one user, the four writes and the CSV export. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<AdminUserPage, UserListArgs>({
      query: (args) => ({ url: `/user/getAll?${userListQuery(args)}`, ...REVALIDATE }),
      providesTags: (result) => [LIST, ...(result?.items ?? []).map((u) => user(u.id))],
    }),
    getAdminUser: build.query<AdminUser, string>({
      query: (id) => ({ url: at(id), ...REVALIDATE }),
      providesTags: (_r, _e, id) => [user(id)],
    }),
    createUser: build.mutation<AdminUser, NewUserBody>({
      query: (body) => ({ url: '/admin/users', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateUser: build.mutation<AdminUser, { id: string; body: UserBody }>({
      query: ({ id, body }) => ({ url: at(id), method: 'PUT', body }),
      // The list too: a new role or name moves the user in or out of a filtered, name-sorted list.
      invalidatesTags: (_r, _e, { id }) => [user(id), LIST],
    }),
    // 204: nothing the screens show changes (the user's older tokens stop working on the server).
    resetUserPassword: build.mutation<void, Schemas['PasswordBody'] & { id: string }>({
      query: ({ id, password }) => ({ url: at(id, '/password'), method: 'PUT', body: { password } }),
    }),
    // Issue 35: the user is mailed a link to set a password; the outbox gains the mail.
    sendResetLink: build.mutation<Schemas['MessageResponse'], ResetLinkBody>({
      query: (body) => ({ url: '/user/admin/reset-password', method: 'POST', body }),
      invalidatesTags: [{ type: 'Mail', id: 'LIST' }],
    }),
    setUserPermissions: build.mutation<AdminUser, { id: string; body: PermissionsBody }>({
      query: ({ id, body }) => ({ url: at(id, '/permissions'), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [user(id), LIST],
    }),
    // A mutation, not a query: each click downloads afresh and nothing is cached. The CSV is
    // the server's, saved as it comes (the bearer token goes with it, so a plain link would not do).
    exportUsers: build.mutation<UsersExport, UserFilters>({
      query: (filters) => {
        const q = filterQuery(filters).toString();
        return {
          url: `/admin/users/export${q ? `?${q}` : ''}`,
          method: 'GET',
          cache: 'no-store',
          responseHandler: fileResponse(() => exportFilename(null)),
        };
      },
    }),
  }),
});

export const {
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useResetUserPasswordMutation,
  useSendResetLinkMutation,
  useSetUserPermissionsMutation,
  useExportUsersMutation,
} = usersApi;
