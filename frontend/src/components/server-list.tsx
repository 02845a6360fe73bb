import { useState, type ReactNode } from 'react';
import { AppLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TABLE_PAGE_SIZE, type ServerPaging, type ServerSearch } from '@/components/data-table';
import { useAppDispatch } from '@/lib/hooks';
import { toastShown } from '@/lib/toast/toast-slice';

/**
 * The state of a `DataTable` list that the server searches and pages: the page, its size and the
 * search text. A new search or page size starts again at page 1.
 */
export function useServerList(firstPageSize: number = TABLE_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const [search, setSearch] = useState('');
  const searchProps: ServerSearch = {
    value: search,
    onChange: (text) => {
      setSearch(text);
      setPage(1);
    },
  };
  /** The table's `paging`, with what the server said about the rest. */
  const paging = (totalItems: number, hasMore: boolean): ServerPaging => ({
    page,
    pageSize,
    totalItems,
    hasMore,
    onPageChange: setPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPage(1);
    },
  });
  return { page, pageSize, search, setPage, searchProps, paging };
}

/**
 * A row's Delete, after a confirmation: `ask(row)` opens the dialog; confirming deletes, says
 * so (or the failure) in a toast and, when the page's last row went, shows the page before.
 */
export function useConfirmedDelete<T extends { id: string; title: string }>({
  remove,
  deleting,
  deleted,
  failure,
  list,
  rowsOnPage,
}: {
  remove: (id: string) => { unwrap: () => Promise<unknown> };
  deleting: boolean;
  /** The success toast (back-office.md §8). */
  deleted: string;
  /** The failure toast for an error. */
  failure: (error: unknown) => string;
  list: { page: number; setPage: (page: number) => void };
  rowsOnPage: number;
}) {
  const dispatch = useAppDispatch();
  const [toDelete, setToDelete] = useState<T | null>(null);

  const confirm = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      dispatch(toastShown(deleted, 'success'));
      // The last row of a later page: step back to a page that still has rows.
      if (rowsOnPage === 1 && list.page > 1) list.setPage(list.page - 1);
    } catch (error) {
      dispatch(toastShown(failure(error), 'error'));
    }
    setToDelete(null);
  };

  /** The confirmation dialog, titled `title`, asking `message(row title)`. */
  const dialog = (title: string, message: (rowTitle: string) => string) => (
    <ConfirmDialog
      open={toDelete !== null}
      title={title}
      message={message(toDelete?.title ?? '')}
      busy={deleting}
      onConfirm={() => void confirm()}
      onCancel={() => setToDelete(null)}
    />
  );
  return { ask: setToDelete, dialog };
}

/** "Are you sure you want to delete "{title}"?" */
export const confirmDeleteOf = (title: string) => `Are you sure you want to delete "${title}"?`;

/** The `DataTable` props that follow a list query: loading, refetching, its failure (`failed`) and Retry. */
export const queryState = (
  query: { isLoading: boolean; isFetching: boolean; isError: boolean; refetch: () => unknown },
  failed: string,
) => ({
  isLoading: query.isLoading,
  isFetching: query.isFetching,
  error: query.isError ? failed : null,
  onRetry: () => void query.refetch(),
});

/** A link of a row's actions (View, Variants, Edit), named for the row. */
export function RowLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <AppLink to={to} className="btn btn-xs" aria-label={label}>
      {children}
    </AppLink>
  );
}

/** A row's last actions: Edit (a link) and Delete (which asks first), after `children`. */
export function EditDelete({ title, editTo, onDelete, children }: { title: string; editTo: string; onDelete: () => void; children?: ReactNode }) {
  return (
    <>
      {children}
      <RowLink to={editTo} label={`Edit ${title}`}>
        Edit
      </RowLink>
      <button type="button" className="btn btn-error btn-xs" aria-label={`Delete ${title}`} onClick={onDelete}>
        Delete
      </button>
    </>
  );
}
