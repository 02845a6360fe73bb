import type { ReactNode } from 'react';
import { Loading } from '@/components/loading';
import { Pagination } from '@/components/pagination';
import { errorMessage } from '@/lib/api';
import { PAGE_SIZES } from '../lib/filters';

/** Whether a failed read answered 404 (the product or show does not exist). */
export const isNotFound = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404;

/** "Error: {message}" for a failed catalogue read. */
export function ListingError({ error }: { error: unknown }) {
  const status = (error as { status?: unknown } | undefined)?.status;
  const fallback = typeof status === 'number' ? `Network response was not ok (${status})` : 'Network response was not ok';
  return (
    <div role="alert" className="alert alert-error">
      <span>Error: {errorMessage(error, fallback)}</span>
    </div>
  );
}

/** The result line: "Showing X of Y" and "Updating results..." while the next page loads. */
export function ResultLine({ shown, total, updating }: { shown: number; total: number; updating: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <p>
        Showing {shown} of {total}
      </p>
      {updating && (
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-dots loading-xs" aria-hidden="true" />
          Updating results...
        </p>
      )}
    </div>
  );
}

export function EmptyState({ title, onClearAll, children }: { title: string; onClearAll?: () => void; children?: ReactNode }) {
  return (
    <div className="rounded-box bg-base-200 p-8 text-center">
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="mt-2">Try fewer filters or another search.</p>
      {children}
      {onClearAll && (
        <button type="button" className="btn btn-primary mt-4" onClick={onClearAll}>
          Clear All Filters
        </button>
      )}
    </div>
  );
}

/** Loading / error / content switch for a listing's first load. */
export function FirstLoad({ isLoading, error, label = 'Loading...' }: { isLoading: boolean; error: unknown; label?: string }) {
  if (error) return <ListingError error={error} />;
  if (isLoading) return <Loading label={label} />;
  return null;
}

export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  );
}

/**
 * A loaded listing: the result line, the cards (or the empty state) and the pagination
 * control. The previous page stays on screen while the next one loads (`isPlaceholderData`).
 */
export function ListingResults<T extends { id: string }>(props: {
  items: T[];
  total: number;
  hasMore: boolean;
  page: number;
  pageSize: number;
  isFetching: boolean;
  isPlaceholderData: boolean;
  gridLabel: string;
  emptyTitle: string;
  onClearAll?: () => void;
  renderItem: (item: T) => ReactNode;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  const { items } = props;
  return (
    <>
      <ResultLine shown={items.length} total={props.total} updating={props.isFetching} />
      {items.length === 0 ? (
        <EmptyState title={props.emptyTitle} onClearAll={props.onClearAll} />
      ) : (
        <CardGrid label={props.gridLabel}>
          {items.map((item) => (
            <li key={item.id}>{props.renderItem(item)}</li>
          ))}
        </CardGrid>
      )}
      <Pagination
        page={props.page}
        pageSize={props.pageSize}
        hasMore={props.hasMore}
        isFetching={props.isFetching}
        isPlaceholderData={props.isPlaceholderData}
        pageSizes={PAGE_SIZES}
        onPageChange={props.onPageChange}
        onPageSizeChange={props.onPageSizeChange}
      />
    </>
  );
}
