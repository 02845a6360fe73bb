import { useParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { Page } from '@/components/page';
import { errorMessage } from '@/lib/api';
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
    body = (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>Error loading product: {errorMessage(error, 'Product not found')}</span>
        <AppLink to={paths.adminProducts.getHref()} className="btn btn-sm">
          Back to products
        </AppLink>
      </div>
    );
  } else if (data.isApparel || data.isShow) {
    // This form edits fireworks; apparel and shows have their own forms.
    const to = data.isApparel ? paths.adminApparelEdit.getHref({ productId: data.id }) : paths.adminShowEdit.getHref({ showId: data.id });
    body = (
      <p role="alert" className="alert">
        {data.title} is {data.isApparel ? 'an apparel product' : 'a show'}.{' '}
        <AppLink to={to} className="link">
          Edit it on its own screen
        </AppLink>
        .
      </p>
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
