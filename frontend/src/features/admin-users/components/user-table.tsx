import { useId, useState } from 'react';
import { AppLink } from '@/components/app-link';
import { DataTable, type DataColumn } from '@/components/data-table';
import { formatDate, formatDateTime } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { useListAddress } from '@/lib/list-address';
import { paths } from '@/lib/paths';
import { ROLES, type Role } from '@/lib/session/types';
import { toastShown } from '@/lib/toast/toast-slice';
import { useExportUsersMutation, useGetAdminUsersQuery, type AdminUser, type UserFilters } from '../api/users-api';
import { fullName } from '../lib/display';
import { saveObjectUrl } from '../lib/download';
import { EXPORT_FAILED, USERS_EMPTY, USERS_FAILED } from '../lib/messages';

/** Back-office.md §9: the user list starts at 10 rows. */
export const USERS_PAGE_SIZE = 10;

const ACTIVE_CHOICES = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

/** The columns the API sorts by (`GET /api/user/getAll?sort=`), by their ids here. */
export const SORTABLE = ['name', 'email', 'role', 'lastLogin', 'createdOn'] as const;
const NO_FILTERS = [] as const;

const columns: DataColumn<AdminUser>[] = [
  {
    accessorFn: fullName,
    id: 'name',
    header: 'Name',
    cell: ({ getValue }) => getValue<string>() || <span className="text-base-content/80">No name</span>,
  },
  { accessorKey: 'email', header: 'Email', cell: ({ getValue }) => <span className="break-all">{getValue<string>()}</span> },
  { accessorKey: 'role', header: 'Role' },
  {
    accessorKey: 'active',
    header: 'Active',
    enableSorting: false,
    cell: ({ getValue }) => (
      <span className={`badge ${getValue<boolean>() ? 'badge-success' : 'badge-error'}`}>{getValue<boolean>() ? 'Active' : 'Inactive'}</span>
    ),
  },
  {
    accessorKey: 'lastLogin',
    header: 'Last Login',
    cell: ({ getValue }) => {
      const at = getValue<string | null>();
      return at ? <time dateTime={at}>{formatDateTime(at)}</time> : 'Never';
    },
  },
  {
    accessorKey: 'createdOn',
    header: 'Created',
    cell: ({ getValue }) => <time dateTime={getValue<string>()}>{formatDate(getValue<string>())}</time>,
  },
];

/**
 * All Users (back-office.md §2): the server's search, role and activity filters and paging, 10
 * per page to start, sorted by name (§9); Edit, Reset Password and Permissions per row; New User;
 * Export CSV of the whole filtered list (the server's file, downloaded with the bearer token).
 */
export function UserTable() {
  const dispatch = useAppDispatch();
  const ids = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(USERS_PAGE_SIZE);
  const [filters, setFilters] = useState<UserFilters>({ search: '', role: '', active: '' });
  const address = useListAddress(NO_FILTERS, SORTABLE, () => setPage(1));
  const { data, isLoading, isFetching, isError, refetch } = useGetAdminUsersQuery({ page, pageSize, ...filters, sort: address.sort });
  const [exportUsers, { isLoading: exporting }] = useExportUsersMutation();

  const filter = (change: Partial<UserFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };

  const onExport = async () => {
    try {
      const file = await exportUsers(filters).unwrap();
      saveObjectUrl(file.url, file.filename);
    } catch {
      dispatch(toastShown(EXPORT_FAILED, 'error'));
    }
  };

  return (
    <DataTable<AdminUser>
      title="All Users"
      searchLabel="Search users by email or name"
      columns={columns}
      data={data?.items}
      getRowId={(u) => u.id}
      isLoading={isLoading}
      isFetching={isFetching}
      error={isError ? USERS_FAILED : null}
      onRetry={() => void refetch()}
      emptyMessage={USERS_EMPTY}
      serverSorting={address.sorting}
      create={{ label: 'New User', to: paths.adminUserNew.getHref() }}
      search={{ value: filters.search, onChange: (search) => filter({ search }) }}
      paging={{
        page,
        pageSize,
        totalItems: data?.pagination.totalItems ?? 0,
        hasMore: data?.pagination.hasMore ?? false,
        onPageChange: setPage,
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(1);
        },
      }}
      rowActions={(u) => (
        <>
          <AppLink to={paths.adminUserEdit.getHref({ userId: u.id })} className="btn btn-xs" aria-label={`Edit ${u.email}`}>
            Edit
          </AppLink>
          <AppLink
            to={paths.adminUserResetPassword.getHref({ userId: u.id })}
            className="btn btn-xs whitespace-nowrap"
            aria-label={`Reset password of ${u.email}`}
          >
            Reset Password
          </AppLink>
          <AppLink to={paths.adminUserPermissions.getHref({ userId: u.id })} className="btn btn-xs" aria-label={`Permissions of ${u.email}`}>
            Permissions
          </AppLink>
        </>
      )}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-role`} className="text-sm font-medium">
            Role
          </label>
          <select
            id={`${ids}-role`}
            className="select select-sm w-40"
            value={filters.role}
            onChange={(e) => filter({ role: e.target.value as Role | '' })}
          >
            <option value="">All</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-active`} className="text-sm font-medium">
            Status
          </label>
          <select
            id={`${ids}-active`}
            className="select select-sm w-40"
            value={filters.active}
            onChange={(e) => filter({ active: e.target.value as UserFilters['active'] })}
          >
            {ACTIVE_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-sm ml-auto" disabled={exporting} onClick={() => void onExport()}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
    </DataTable>
  );
}
