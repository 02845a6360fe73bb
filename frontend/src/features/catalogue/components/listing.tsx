import type { ReactNode } from 'react';
import { Loading } from '@/components/loading';
import { Pagination } from '@/components/pagination';
import { errorMessage } from '@/lib/api';
import type { Product, ProductPage, Show, ShowPage } from '../api/types';
import { PAGE_SIZES, type CatalogueFilters } from '../lib/filters';

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

/** A listing's paging, read from and written to the address (`useCatalogueFilters`). */
export interface Paging {
  filters: Pick<CatalogueFilters, 'page' | 'pageSize'>;
  update: (patch: Partial<CatalogueFilters>) => void;
}

/** The parts of an RTK Query list result the listings read. */
interface ListQuery<R> {
  data?: R;
  currentData?: R;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
}

/** Whether the previous page stays on screen while the next one loads. */
export const isPlaceholder = (query: ListQuery<unknown>) => query.isFetching && query.data !== undefined && query.currentData === undefined;

interface ListingProps<T> {
  items: T[];
  total: number;
  hasMore: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  gridLabel: string;
  emptyTitle: string;
  onClearAll?: () => void;
  renderItem: (item: T) => ReactNode;
  paging: Paging;
}

/**
 * A loaded listing: the result line, the cards (or the empty state) and the pagination
 * control. The previous page stays on screen while the next one loads (`isPlaceholderData`).
 */
export function ListingResults<T extends { id: string }>(props: ListingProps<T>) {
  const { items, paging } = props;
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
        page={paging.filters.page}
        pageSize={paging.filters.pageSize}
        hasMore={props.hasMore}
        isFetching={props.isFetching}
        isPlaceholderData={props.isPlaceholderData}
        pageSizes={PAGE_SIZES}
        onPageChange={(page) => paging.update({ page })}
        onPageSizeChange={(pageSize) => paging.update({ pageSize })}
      />
    </>
  );
}

/** What a page passes to a query's results: the query, its loading line and the listing's own props. */
type ResultsProps<R, T> = { query: ListQuery<R>; loadingLabel: string } & Omit<ListingProps<T>, 'items' | 'total' | 'hasMore' | 'isFetching' | 'isPlaceholderData'>;

/** One product list query's results: the first-load line (error or loading), then the listing. */
export function ProductResults({ query, loadingLabel, ...listing }: ResultsProps<ProductPage, Product>) {
  const { data, error } = query;
  return (
    <>
      <FirstLoad isLoading={query.isLoading} error={error} label={loadingLabel} />
      {data && !error && (
        <ListingResults
          items={data.contents}
          total={data.totalItems}
          hasMore={data.hasMore}
          isFetching={query.isFetching}
          isPlaceholderData={isPlaceholder(query)}
          {...listing}
        />
      )}
    </>
  );
}

/** One show list query's results: the error line, a loading line until the first answer, then the listing. */
export function ShowResults({ query, loadingLabel, ...listing }: ResultsProps<ShowPage, Show>) {
  const { data, error } = query;
  if (error) return <ListingError error={error} />;
  if (query.isLoading || !data) return <Loading label={loadingLabel} />;
  const { pagination } = data;
  return (
    <ListingResults
      items={data.shows}
      total={pagination.total}
      hasMore={pagination.page < pagination.totalPages}
      isFetching={query.isFetching}
      isPlaceholderData={isPlaceholder(query)}
      {...listing}
    />
  );
}
