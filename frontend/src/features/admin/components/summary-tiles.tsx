import { AppLink } from '@/components/app-link';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useGetAdminSummaryQuery, type AdminSummary } from '../api/admin-api';

/** Back-office.md §8: what a failed fetch says when the server gives no message. */
export const DASHBOARD_FETCH_FAILED = 'Network response was not ok';

interface Tile {
  key: keyof AdminSummary;
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
    </div>
  );
}
