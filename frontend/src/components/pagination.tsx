/** Previous/Next paging with "Page N", a loading indicator and the page-size choice. */
export function Pagination({
  page,
  pageSize,
  hasMore,
  isFetching,
  isPlaceholderData,
  onPageChange,
  onPageSizeChange,
  pageSizes = [10, 25, 50],
  label = 'Pagination',
}: {
  page: number;
  pageSize: number;
  hasMore: boolean;
  isFetching: boolean;
  /** The previous page is still shown while the next one loads. */
  isPlaceholderData: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizes?: readonly number[];
  label?: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-4 py-4">
      <div className="flex items-center gap-2">
        <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </button>
        <span className="px-2 font-medium" aria-current="page">
          Page {page}
        </span>
        <button
          type="button"
          className="btn btn-sm"
          disabled={isPlaceholderData || !hasMore}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </button>
        {isFetching && (
          <span role="status" className="flex items-center gap-2 text-sm">
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            Loading...
          </span>
        )}
      </div>
      <div role="group" aria-label="Items per page" className="join">
        {pageSizes.map((size) => (
          <button
            key={size}
            type="button"
            className={`btn btn-sm join-item ${size === pageSize ? 'btn-primary' : ''}`}
            aria-pressed={size === pageSize}
            onClick={() => onPageSizeChange(size)}
          >
            {size}
          </button>
        ))}
      </div>
    </nav>
  );
}
