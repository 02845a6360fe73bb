import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { INVENTORY_VIEW_PARAM, INVENTORY_VIEWS, type InventoryView } from '@/lib/admin-views';
import { InventoryTable } from '../components/inventory-table';

const viewOf = (value: string | null): InventoryView | null =>
  Object.values(INVENTORY_VIEWS).find((v) => v === value) ?? null;

/** /admin/inventory[?view=low-stock|out-of-stock]: unit products and apparel variants with their stock. */
export default function InventoryRoute() {
  const [params] = useSearchParams();
  const view = viewOf(params.get(INVENTORY_VIEW_PARAM));
  return (
    <Page title="Inventory" lead="Unit products and apparel variants with their available stock." wide>
      <InventoryTable key={view ?? 'all'} view={view} />
    </Page>
  );
}
