import { Page } from '@/components/page';
import { ProductForm } from '../components/product-form';

/** /admin/products/create. */
export default function ProductCreateRoute() {
  return (
    <Page title="Create Product" wide>
      <ProductForm />
    </Page>
  );
}
