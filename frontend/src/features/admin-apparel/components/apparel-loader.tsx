import type { ReactNode } from 'react';
import { AppLink } from '@/components/app-link';
import { Loading } from '@/components/loading';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useGetAdminApparelItemQuery, type AdminApparel } from '../api/apparel-api';

/**
 * Reads one apparel product (GET /api/products/{id}) for the edit and variants screens: loading,
 * the read's failure with a way back, a product that is not apparel (with a link to its own
 * form), or `children` with the product.
 */
export function ApparelLoader({ productId, children }: { productId: string; children: (apparel: AdminApparel) => ReactNode }) {
  const { data, error, isLoading } = useGetAdminApparelItemQuery(productId);
  if (isLoading) return <Loading label="Loading apparel product..." />;
  if (error || !data) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>Error loading apparel product: {errorMessage(error, 'Apparel product not found')}</span>
        <AppLink to={paths.adminApparel.getHref()} className="btn btn-sm">
          Back to apparel
        </AppLink>
      </div>
    );
  }
  if (!data.isApparel) {
    const to = data.isShow ? paths.adminShowEdit.getHref({ showId: data.id }) : paths.adminProductEdit.getHref({ productId: data.id });
    return (
      <p role="alert" className="alert">
        {data.title} is not an apparel product.{' '}
        <AppLink to={to} className="link">
          Edit it on its own screen
        </AppLink>
        .
      </p>
    );
  }
  return <>{children(data)}</>;
}
