import { AppLink } from '@/components/app-link';
import { errorMessage } from '@/lib/api';
import { REPORT_STATUS_PARAM, REPORT_TYPE_PARAM, REPORT_TYPES } from '@/lib/admin-views';
import { paths } from '@/lib/paths';
import { useGetAdminSummaryQuery, type WorkCounts } from '../api/admin-api';

/** Back-office.md §8: what a failed fetch says when the server gives no message. */
export const DASHBOARD_FETCH_FAILED = 'Network response was not ok';

interface Tile {
  key: 'users' | 'inventory' | 'products' | 'shows';
  label: string;
  description: string;
  to: string;
}

/** The four tiles of back-office.md §2, each linking to its list. */
export const TILES: Tile[] = [
  { key: 'users', label: 'Users', description: 'Registered accounts', to: paths.adminUsers.getHref() },
  { key: 'inventory', label: 'Inventory', description: 'Units and variants in stock', to: paths.adminInventory.getHref() },
  { key: 'products', label: 'Products', description: 'Fireworks in the catalogue', to: paths.adminProducts.getHref() },
  { key: 'shows', label: 'Shows', description: 'Show bundles', to: paths.adminShows.getHref() },
];

const count = new Intl.NumberFormat('en-US');

/** The work tiles: each status's count links to its report filtered by that status. */
export const WORK: { key: 'ordersToHandle' | 'openCaseBreaks'; label: string; report: string; noun: string }[] = [
  { key: 'ordersToHandle', label: 'Orders to Handle', report: REPORT_TYPES.sales, noun: 'orders' },
  { key: 'openCaseBreaks', label: 'Open Case Breaks', report: REPORT_TYPES.caseBreak, noun: 'case break requests' },
];
const WORK_STATUSES: { key: keyof WorkCounts; status: string; label: string }[] = [
  { key: 'pending', status: 'PENDING', label: 'Pending' },
  { key: 'processing', status: 'PROCESSING', label: 'Processing' },
];

/** The address of a report filtered by status (/admin/reports?type=sales&status=PENDING). */
export const workHref = (report: string, status: string): string =>
  paths.adminReports.getHref(`?${new URLSearchParams({ [REPORT_TYPE_PARAM]: report, [REPORT_STATUS_PARAM]: status }).toString()}`);

/** One tile's figure: Loading while the summary loads, Error when it failed or lacks this count. */
function TileValue({ value, loading, failed }: { value: unknown; loading: boolean; failed: boolean }) {
  if (loading) return <span className="text-base font-normal">Loading...</span>;
  if (failed || typeof value !== 'number' || !Number.isFinite(value)) {
    return <span className="text-base font-normal">Error</span>;
  }
  return <span>{count.format(value)}</span>;
}

/**
 * The dashboard: four tiles read from one GET /api/admin/summary. While it loads each tile says
 * Loading; when it fails, "Error Loading Dashboard" with Retry above the tiles, which say Error.
 */
export function SummaryTiles() {
  const { data, error, isError, isFetching, refetch } = useGetAdminSummaryQuery();
  const loading = isFetching && (!data || isError);
  return (
    <div className="space-y-6">
      {isError && !isFetching && (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <div>
            <h2 className="font-bold">Error Loading Dashboard</h2>
            <p>{errorMessage(error, DASHBOARD_FETCH_FAILED)}</p>
          </div>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      )}
      {loading && (
        <p role="status" className="sr-only">
          Loading dashboard...
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={loading || undefined}>
        {TILES.map((tile) => (
          <li key={tile.key}>
            <AppLink to={tile.to} className="card h-full border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md">
              <div className="card-body">
                <h2 className="card-title">{tile.label}</h2>
                <p className="text-3xl font-bold">
                  <TileValue value={data?.[tile.key]} loading={loading} failed={isError} />
                </p>
                <p className="text-sm text-base-content/80">{tile.description}</p>
              </div>
            </AppLink>
          </li>
        ))}
      </ul>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Work to do" aria-busy={loading || undefined}>
        {WORK.map((work) => {
          const counts = data?.[work.key];
          const total = counts ? counts.pending + counts.processing : undefined;
          return (
            <li key={work.key} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <h2 className="card-title">{work.label}</h2>
                <p className="text-3xl font-bold">
                  <TileValue value={total} loading={loading} failed={isError} />
                </p>
                <ul className="flex flex-wrap gap-2">
                  {WORK_STATUSES.map((s) => (
                    <li key={s.key}>
                      <AppLink
                        to={workHref(work.report, s.status)}
                        className="btn btn-sm"
                        aria-label={`${s.label} ${work.noun}: ${counts ? count.format(counts[s.key]) : 'not loaded'}`}
                      >
                        {s.label}
                        <span className="badge badge-sm">{counts ? count.format(counts[s.key]) : '…'}</span>
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
