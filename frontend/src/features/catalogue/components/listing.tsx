import type { ReactNode } from 'react';
import { Loading } from '@/components/loading';
import { Pagination } from '@/components/pagination';
import { FirstRow } from '@/components/product-image';
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

/** Cards in the grid's widest row (xl: three columns). */
export const ROW_CARDS = 3;

export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  );
}

/** A grey card the shape of a product card: image, SKU badge, title, the two price lines, the actions line. */
function SkeletonCard() {
  return (
    <div className="card h-full bg-base-100 shadow-md" data-testid="skeleton-card">
      <div className="skeleton aspect-[4/3] w-full rounded-none" />
      <div className="card-body gap-2 p-4">
        <div className="skeleton h-5 w-16" />
        <div className="skeleton h-6 w-3/4" />
        <div className="space-y-0 text-sm">
          <div className="flex h-5 items-center"><div className="skeleton h-3.5 w-2/3" /></div>
          <div className="flex h-5 items-center"><div className="skeleton h-3.5 w-1/2" /></div>
        </div>
        <div className="mt-auto flex h-5 items-center"><div className="skeleton h-3.5 w-1/3" /></div>
      </div>
    </div>
  );
}

/**
 * The first load of a card listing: the result line's space, `count` skeleton cards in the same
 * grid and the paging control, so the page (and its footer) keeps its place when results arrive.
 * Read out once as `label`; the grey shapes are hidden from assistive technology.
 */
export function ListingSkeleton({ label, count, paging }: { label: string; count: number; paging: Paging }) {
  return (
    <>
      <div role="status" aria-live="polite" aria-label={label} className="flex h-5 items-center text-sm">
        <span className="sr-only">{label}</span>
        <span className="skeleton h-3.5 w-28" aria-hidden="true" />
      </div>
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <SkeletonCard />
          </li>
        ))}
      </ul>
      <Pagination
        page={paging.filters.page}
        pageSize={paging.filters.pageSize}
        hasMore={false}
        isFetching={false}
        isPlaceholderData
        pageSizes={PAGE_SIZES}
        onPageChange={(page) => paging.update({ page })}
        onPageSizeChange={(pageSize) => paging.update({ pageSize })}
      />
    </>
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
          {items.map((item, i) => (
            <li key={item.id}>
              <FirstRow value={i < ROW_CARDS}>{props.renderItem(item)}</FirstRow>
            </li>
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

/**
 * One product list query's results: skeleton cards (a page of them) on the first load, the error
 * line on failure, then the listing.
 */
export function ProductResults({ query, loadingLabel, ...listing }: ResultsProps<ProductPage, Product>) {
  const { data, error } = query;
  if (query.isLoading && !error) return <ListingSkeleton label={loadingLabel} count={listing.paging.filters.pageSize} paging={listing.paging} />;
  return (
    <>
      {error && <ListingError error={error} />}
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
