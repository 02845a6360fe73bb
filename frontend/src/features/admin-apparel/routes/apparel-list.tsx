import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { SubNav } from '@/components/sub-nav';
import { APPAREL_LINKS, APPAREL_STOCK_PARAM } from '@/lib/admin-views';
import { ApparelTable } from '../components/apparel-table';

/** /admin/apparel[?inStock=false]: All Apparel, or Out of Stock, with the apparel screens' own links. */
export default function ApparelListRoute() {
  const [params] = useSearchParams();
  const outOfStock = params.get(APPAREL_STOCK_PARAM) === 'false';
  return (
    <Page title="Apparel Products" lead="The apparel of the catalogue, with its size, gender and color variants." wide>
      <div className="space-y-6">
        <SubNav label="Apparel sections" links={APPAREL_LINKS} />
        <ApparelTable key={String(outOfStock)} outOfStock={outOfStock} />
      </div>
    </Page>
  );
}
