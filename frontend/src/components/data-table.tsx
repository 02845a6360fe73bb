import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { MAX_SEARCH_LEN } from '@/lib/limits';
import { AppLink } from './app-link';
import { Pagination } from './pagination';

/**
 * A column of a DataTable: @tanstack/react-table's definition. The value type is `any` because
 * one table mixes columns of several value types (the library's own advice).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataColumn<T> = ColumnDef<T, any>;

export type { SortingState };

/** Back-office.md §9: the default page size of a table, and the choices offered. */
export const TABLE_PAGE_SIZE = 25;
export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;

/** How long typing in a server-side search box settles before the search applies. */
export const SEARCH_SETTLE_MS = 400;

/** Paging done by the server: the page shown, and what the server said about the rest. */
export interface ServerPaging {
  /** 1-based. */
  page: number;
  pageSize: number;
  totalItems: number;
  hasMore: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Searching done by the server: the applied text, and where typed text goes once it settles. */
export interface ServerSearch {
  value: string;
  onChange: (value: string) => void;
}

/**
 * Sorting done by the server (a paged list): the sort shown, and where a header click sends the
 * next one. Only the columns the server sorts by may sort (`enableSorting: false` on others).
 */
export interface ServerSorting {
  value: SortingState;
  onChange: (next: SortingState) => void;
}

export type CreateAction =
  | { label: string; to: string; disabled?: undefined; onClick?: undefined }
  | { label: string; onClick: () => void; disabled?: boolean; to?: undefined };

export interface DataTableProps<T> {
  /** The table's heading, also its accessible name. */
  title: string;
  headingLevel?: 2 | 3;
  /**
   * The columns, keeping their identity between renders (module level or useMemo): each cell
   * function is rendered as a component. Cells that change with the screen's state (an inline
   * edit) read it from a context.
   */
  columns: DataColumn<T>[];
  /** The rows; undefined while nothing has loaded. */
  data: readonly T[] | undefined;
  getRowId: (row: T) => string;
  /** Nothing to show yet. */
  isLoading?: boolean;
  /** A newer answer is on its way (the rows shown may be the previous ones). */
  isFetching?: boolean;
  /** Shown instead of the rows when set (the screen's own wording, e.g. "Error fetching inventory data"). */
  error?: string | null;
  onRetry?: () => void;
  emptyMessage?: string;
  /**
   * The search box: the server's (typing settles before it applies), the table's own over the
   * rows it holds ('client', the default), or none (false).
   */
  search?: ServerSearch | 'client' | false;
  searchLabel?: string;
  create?: CreateAction;
  /** Buttons of one row, in a last "Actions" column. */
  rowActions?: (row: T) => ReactNode;
  /**
   * Paging: the server's, the table's own over its rows ('client', the default, starting at
   * `initialPageSize`), or none (false: every row shows).
   */
  paging?: ServerPaging | 'client' | false;
  initialPageSize?: number;
  pageSizes?: readonly number[];
  /** Sorting over the rows the table holds (not offered with server paging). */
  initialSorting?: SortingState;
  /** The server's sorting, for a table with server paging. */
  serverSorting?: ServerSorting;
  /** Extra content under the toolbar (filters, notes). */
  children?: ReactNode;
}

/** The search box of a table: instant over the table's own rows, settling first for the server's. */
function SearchBox({
  label,
  value,
  onChange,
  settleMs,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  settleMs: number;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  const applied = useRef(value);

  // Reset from outside (another view): show what applies.
  useEffect(() => {
    applied.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === applied.current) return undefined;
    const apply = () => {
      applied.current = text;
      latest.current(text);
    };
    if (settleMs === 0) {
      apply();
      return undefined;
    }
    const timer = setTimeout(apply, settleMs);
    return () => clearTimeout(timer);
  }, [text, settleMs]);

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        maxLength={MAX_SEARCH_LEN}
        className="input input-sm w-56"
        placeholder="Search..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text !== applied.current) {
            e.preventDefault();
            applied.current = text;
            latest.current(text);
          }
        }}
      />
    </div>
  );
}

function CreateButton({ action }: { action: CreateAction }) {
  if (action.to !== undefined) {
    return (
      <AppLink to={action.to} className="btn btn-primary btn-sm">
        {action.label}
      </AppLink>
    );
  }
  return (
    <button type="button" className="btn btn-primary btn-sm" disabled={action.disabled} onClick={action.onClick}>
      {action.label}
    </button>
  );
}

const sortArrow = { asc: '▲', desc: '▼' } as const;

/**
 * The Actions column stays at the table's right edge while a wide table scrolls sideways, so a
 * row's buttons are in view without scrolling; opaque (the zebra rows' colour too), with a
 * shadow where the columns pass under it.
 */
const PINNED_END =
  'sticky right-0 z-[1] bg-base-100 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.3)] [tr:nth-child(even)>&]:bg-base-200';
const pinned = (columnId: string) => (columnId === 'actions' ? PINNED_END : undefined);

/**
 * The one table of the back office (back-office.md §2): a title, a search box, an optional
 * create button, sortable columns, row actions, paging with a page-size choice, and the
 * loading, empty and error states. Built on @tanstack/react-table (headless); paging and
 * search are either the table's own over the rows it holds or the server's.
 */
export function DataTable<T>({
  title,
  headingLevel = 2,
  columns,
  data,
  getRowId,
  isLoading = false,
  isFetching = false,
  error,
  onRetry,
  emptyMessage = 'No data found.',
  search = 'client',
  searchLabel = `Search ${title.toLowerCase()}`,
  create,
  rowActions,
  paging = 'client',
  initialPageSize = TABLE_PAGE_SIZE,
  pageSizes = TABLE_PAGE_SIZES,
  initialSorting = [],
  serverSorting,
  children,
}: DataTableProps<T>) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const serverPaging = typeof paging === 'object' ? paging : null;
  const clientPaging = paging === 'client';
  const serverSearch = typeof search === 'object' ? search : null;
  const [globalFilter, setGlobalFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: initialPageSize });

  // A cell is rendered as a component: its function must keep its identity between renders, or
  // React would remount the row's controls (and an input being typed in would lose focus). The
  // actions cell stays the same function and reads the caller's latest `rowActions`.
  const actionsRef = useRef(rowActions);
  actionsRef.current = rowActions;
  const hasActions = rowActions !== undefined;
  const allColumns = useMemo<DataColumn<T>[]>(
    () =>
      hasActions
        ? [
            ...columns,
            {
              id: 'actions',
              header: 'Actions',
              enableSorting: false,
              enableGlobalFilter: false,
              cell: ({ row }) => <div className="flex gap-1">{actionsRef.current?.(row.original)}</div>,
            },
          ]
        : columns,
    [columns, hasActions],
  );
  const rows = useMemo(() => (data ? [...data] : []), [data]);

  const table = useReactTable<T>({
    data: rows,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting: serverSorting ? serverSorting.value : sorting, globalFilter, pagination },
    onSortingChange: serverSorting
      ? (update) => serverSorting.onChange(typeof update === 'function' ? update(serverSorting.value) : update)
      : setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
    globalFilterFn: 'includesString',
    // The server's page is already one page, in the server's order: the server sorts it.
    enableSorting: !serverPaging || serverSorting !== undefined,
    manualSorting: serverSorting !== undefined,
    manualPagination: !clientPaging,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: clientPaging ? getPaginationRowModel() : undefined,
  });

  const shownRows = table.getRowModel().rows;
  const matching = table.getFilteredRowModel().rows.length;
  const columnCount = table.getVisibleLeafColumns().length;

  let firstShown = 0;
  let lastShown = 0;
  let total = matching;
  if (serverPaging) {
    firstShown = (serverPaging.page - 1) * serverPaging.pageSize + 1;
    lastShown = firstShown + shownRows.length - 1;
    total = serverPaging.totalItems;
  } else if (clientPaging) {
    firstShown = pagination.pageIndex * pagination.pageSize + 1;
    lastShown = firstShown + shownRows.length - 1;
  } else {
    firstShown = 1;
    lastShown = shownRows.length;
  }

  let body: ReactNode;
  if (isLoading && !data) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          <span role="status" className="flex items-center justify-center gap-2 py-6">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Loading...
          </span>
        </td>
      </tr>
    );
  } else if (shownRows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="py-6 text-center">
          {emptyMessage}
        </td>
      </tr>
    );
  } else {
    body = shownRows.map((row) => (
      <tr key={row.id}>
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={pinned(cell.column.id)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={titleId} className="text-xl font-semibold">
          {title}
        </Heading>
        <div className="flex flex-wrap items-center gap-2">
          {serverSearch && (
            <SearchBox label={searchLabel} value={serverSearch.value} onChange={serverSearch.onChange} settleMs={SEARCH_SETTLE_MS} />
          )}
          {search === 'client' && <SearchBox label={searchLabel} value={globalFilter} onChange={setGlobalFilter} settleMs={0} />}
          {create && <CreateButton action={create} />}
        </div>
      </div>
      {children}
      {error ? (
        <div role="alert" className="alert alert-error">
          <span>{error}</span>
          {onRetry && (
            <button type="button" className="btn btn-sm" onClick={onRetry}>
              Retry
            </button>
          )}
        </div>
      ) : (
        <>
          {/* A wide table scrolls sideways: the region takes focus so a keyboard can scroll it. */}
          <div role="region" aria-labelledby={titleId} tabIndex={0} className="overflow-x-auto rounded-box border border-base-300">
            <table className="table table-zebra" aria-labelledby={titleId} aria-busy={isFetching || undefined}>
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          className={pinned(header.column.id)}
                          aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                        >
                          {header.column.getCanSort() ? (
                            <button
                              type="button"
                              className="inline-flex items-center gap-1 font-semibold hover:underline"
                              onClick={header.column.getToggleSortingHandler()}
                            >
                              {label}
                              <span aria-hidden="true" className="text-xs">
                                {sorted ? sortArrow[sorted] : '↕'}
                              </span>
                            </button>
                          ) : (
                            label
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>{body}</tbody>
            </table>
          </div>
          {shownRows.length > 0 && (
            <p className="text-sm text-base-content/80">
              Showing {firstShown}-{lastShown} of {total}
            </p>
          )}
          {serverPaging && (
            <Pagination
              label={`${title} pages`}
              page={serverPaging.page}
              pageSize={serverPaging.pageSize}
              hasMore={serverPaging.hasMore}
              isFetching={isFetching}
              isPlaceholderData={false}
              pageSizes={pageSizes}
              onPageChange={serverPaging.onPageChange}
              onPageSizeChange={serverPaging.onPageSizeChange}
            />
          )}
          {clientPaging && (
            <Pagination
              label={`${title} pages`}
              page={pagination.pageIndex + 1}
              pageSize={pagination.pageSize}
              hasMore={table.getCanNextPage()}
              isFetching={isFetching}
              isPlaceholderData={false}
              pageSizes={pageSizes}
              onPageChange={(page) => table.setPageIndex(page - 1)}
              onPageSizeChange={(size) => setPagination({ pageIndex: 0, pageSize: size })}
            />
          )}
        </>
      )}
    </div>
  );
}
