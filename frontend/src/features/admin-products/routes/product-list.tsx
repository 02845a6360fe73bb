import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { PRODUCT_STOCK_PARAM } from '@/lib/admin-views';
import { ProductTable } from '../components/product-table';

/** /admin/products[?inStock=false]: All Products, or Out of Stock. */
export default function ProductListRoute() {
  const [params] = useSearchParams();
  const outOfStock = params.get(PRODUCT_STOCK_PARAM) === 'false';
  return (
    <Page title="Products" lead="The fireworks of the catalogue." wide>
      <ProductTable key={String(outOfStock)} outOfStock={outOfStock} />
    </Page>
  );
}
