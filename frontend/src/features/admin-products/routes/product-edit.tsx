import { useParams } from 'react-router';
import { LoadFailed, OwnScreen } from '@/components/admin-form';
import { Loading } from '@/components/loading';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';
import { useGetAdminProductQuery } from '../api/products-api';
import { ProductForm } from '../components/product-form';

/** /admin/products/{productId}/edit: the product form in edit mode. */
export default function ProductEditRoute() {
  const { productId = '' } = useParams();
  const { data, error, isLoading } = useGetAdminProductQuery(productId);
  let body;
  if (isLoading) body = <Loading label="Loading product..." />;
  else if (error || !data) {
    body = <LoadFailed what="product" error={error} notFound="Product not found" backTo={paths.adminProducts.getHref()} backLabel="Back to products" />;
  } else if (data.isApparel || data.isShow) {
    // This form edits fireworks; apparel and shows have their own forms.
    const to = data.isApparel ? paths.adminApparelEdit.getHref({ productId: data.id }) : paths.adminShowEdit.getHref({ showId: data.id });
    body = (
      <OwnScreen to={to}>
        {data.title} is {data.isApparel ? 'an apparel product' : 'a show'}.
      </OwnScreen>
    );
  } else {
    body = <ProductForm key={data.id} product={data} />;
  }
  return (
    <Page title="Edit Product" lead={data && !data.isApparel && !data.isShow ? data.title : undefined} wide>
      {body}
    </Page>
  );
}
